import { z } from 'zod';
import { bannerConfig, footerConfig, navbarConfig } from './chrome.js';
import type {
  NavAnchor,
  NavDropdown,
  NavGlobal,
  NavGroup,
  NavigationConfig,
  NavLanguage,
  NavMenuItem,
  NavProduct,
  NavTab,
  NavVersion,
  PageEntry,
} from './navigation-types.js';
import { directoryMode, href, iconConfig, iconType, lightDarkColor, openApiConfig } from './primitives.js';

// Navigation elements nest into each other in many ways, so each schema is declared
// with its hand-written interface and reached through z.lazy.

const common = {
  icon: iconConfig.optional(),
  iconType: iconType.optional(),
  hidden: z.boolean().optional().describe('Keep the element out of the navigation; its pages stay reachable by URL.'),
};

const inherited = {
  openapi: openApiConfig.optional(),
  asyncapi: openApiConfig
    .optional()
    .describe('AsyncAPI specification(s) for this element and its descendants (string, array, or `{ source, directory }`).'),
  directory: directoryMode.optional(),
};

export const pageEntrySchema: z.ZodType<PageEntry> = z.lazy(() =>
  z
    .union([
      z
        .string()
        .min(1)
        .describe(
          'A page path without extension (`guides/intro` for `guides/intro.mdx`), or an OpenAPI endpoint `METHOD /path` or `spec.yaml METHOD /path`.',
        ),
      navGroupSchema,
    ])
    .describe('A page path, an endpoint, or a nested group.'),
).meta({ id: 'PageEntry' });

export const navGroupSchema: z.ZodType<NavGroup> = z.lazy(() =>
  z
    .object({
      group: z.string().describe('Group title shown in the sidebar.'),
      pages: z
        .array(pageEntrySchema)
        .optional()
        .describe('Pages and nested groups of this group, in sidebar order. Needed unless the group sets `openapi`, whose endpoints then fill it, or `groups`.'),
      get groups() {
        return z.array(navGroupSchema).optional().describe('Nested groups shown after `pages`; a group may hold only these.');
      },
      tag: z.string().optional().describe('Short label shown next to the group title (for example `NEW`).'),
      root: z.string().optional().describe('Page opened when the group title is clicked (a page path without extension).'),
      expanded: z.boolean().optional().describe('Nested groups only: `true` shows the group expanded by default.'),
      public: z.boolean().optional().describe('Make the group public on a site with authentication.'),
      boost: z.number().optional().describe('Search ranking multiplier for every page in the group (>1 raises, <1 lowers).'),
      searchable: z.boolean().optional().describe('With `hidden: true`: `true` keeps the pages of the hidden group in search, the sitemap and the llms files.'),
      ...common,
      ...inherited,
    })
    .describe('A titled group of pages in the sidebar.'),
).meta({ id: 'NavGroup' });

const children = {
  get pages() {
    return z.array(pageEntrySchema).optional().describe('Pages and groups listed directly.');
  },
  get groups() {
    return z.array(navGroupSchema).optional().describe('Groups of pages.');
  },
  get tabs() {
    return z.array(navTabSchema).optional().describe('Tabs: sections in a horizontal bar at the top of the site.');
  },
  get anchors() {
    return z.array(navAnchorSchema).optional().describe('Anchors: persistent entries at the top of the sidebar.');
  },
  get dropdowns() {
    return z.array(navDropdownSchema).optional().describe('Dropdowns: an expandable menu at the top of the sidebar.');
  },
  get products() {
    return z.array(navProductSchema).optional().describe('Products: a product switcher.');
  },
  get versions() {
    return z.array(navVersionSchema).optional().describe('Versions: a version selector dropdown.');
  },
  get languages() {
    return z.array(navLanguageSchema).optional().describe('Languages: a language selector dropdown.');
  },
};

const menuField = {
  get menu() {
    return z.array(navMenuItemSchema).optional().describe('Menu items: a dropdown menu inside the tab.');
  },
};

export const navTabSchema: z.ZodType<NavTab> = z.lazy(() =>
  z
    .object({
      tab: z.string().describe('Tab title.'),
      href: href.optional().describe('Make the tab an external link instead of a section.'),
      searchable: z.boolean().optional().describe('With `hidden: true`: `true` keeps the pages of the hidden tab in search, the sitemap and the llms files (a hidden tab\'s pages are left out of them otherwise).'),
      ...common,
      ...inherited,
      ...children,
      ...menuField,
    })
    .describe('A tab: a section of the site with its own URL prefix and sidebar.'),
).meta({ id: 'NavTab' });

export const navAnchorSchema: z.ZodType<NavAnchor> = z.lazy(() =>
  z
    .object({
      anchor: z.string().describe('Anchor title.'),
      href: href.optional().describe('Make the anchor a link instead of a section.'),
      color: lightDarkColor.optional().describe('Anchor icon colors.'),
      ...common,
      ...inherited,
      ...children,
    })
    .describe('An anchor: a persistent entry at the top of the sidebar.'),
).meta({ id: 'NavAnchor' });

export const navDropdownSchema: z.ZodType<NavDropdown> = z.lazy(() =>
  z
    .object({
      dropdown: z.string().describe('Dropdown entry title.'),
      description: z.string().optional().describe('One-line description under the title.'),
      href: href.optional().describe('Make the entry a link instead of a section.'),
      ...common,
      ...inherited,
      ...children,
    })
    .describe('An entry of the dropdown menu at the top of the sidebar.'),
).meta({ id: 'NavDropdown' });

export const navProductSchema: z.ZodType<NavProduct> = z.lazy(() =>
  z
    .object({
      product: z.string().describe('Product name.'),
      description: z.string().optional().describe('One-line description in the product switcher.'),
      href: href.optional().describe('Make the product a link instead of a section.'),
      ...common,
      ...inherited,
      ...children,
      ...menuField,
    })
    .describe('A product in the product switcher.'),
).meta({ id: 'NavProduct' });

export const navVersionSchema: z.ZodType<NavVersion> = z.lazy(() =>
  z
    .object({
      version: z.string().min(1).describe('Version label, for example `v2` or `2024-01`.'),
      default: z.boolean().optional().describe('Make this the default version (otherwise the first entry is).'),
      tag: z.string().optional().describe('Badge in the version selector, for example `Latest` or `Beta`.'),
      href: href.optional().describe('Make the version a link to another site.'),
      ...common,
      ...inherited,
      ...children,
    })
    .describe('A version in the version selector; holds its own navigation.'),
).meta({ id: 'NavVersion' });

export const navLanguageSchema: z.ZodType<NavLanguage> = z.lazy(() =>
  z
    .object({
      language: z.string().describe('Language code, for example `en`, `fr` or `pt-BR`.'),
      default: z.boolean().optional().describe('Make this the default language (otherwise the first entry is).'),
      href: href.optional().describe('Make the language a link to another site.'),
      banner: bannerConfig.optional().describe('Banner for pages of this language.'),
      footer: footerConfig.optional().describe('Footer for pages of this language.'),
      navbar: navbarConfig.optional().describe('Top bar for pages of this language.'),
      ...common,
      ...inherited,
      ...children,
    })
    .describe('A language in the language selector; holds its own navigation.'),
).meta({ id: 'NavLanguage' });

export const navMenuItemSchema: z.ZodType<NavMenuItem> = z.lazy(() =>
  z
    .object({
      item: z.string().describe('Menu item title.'),
      description: z.string().optional().describe('One-line description under the title.'),
      href: href.optional().describe('Make the item an external link.'),
      pages: z.array(pageEntrySchema).optional().describe('Pages listed directly.'),
      groups: z.array(navGroupSchema).optional().describe('Groups of pages.'),
      ...common,
      ...inherited,
    })
    .describe('An item of a tab menu: holds groups, pages or an external link.'),
).meta({ id: 'NavMenuItem' });

const globalLink = { ...common, href: href.describe('Link target: a URL or a site path.') };

export const navGlobalSchema: z.ZodType<NavGlobal> = z
  .object({
    anchors: z
      .array(
        z
          .object({ anchor: z.string().describe('Anchor title.'), color: lightDarkColor.optional().describe('Icon colors.'), ...globalLink })
          .describe('A link shown at the top of the sidebar on every page.')
          .meta({ id: 'NavGlobalAnchor' }),
      )
      .optional()
      .describe('Anchors shown on every page whatever the current section.'),
    tabs: z
      .array(z.object({ tab: z.string().describe('Tab title.'), ...globalLink }).describe('A link tab shown on every page.'))
      .optional()
      .describe('Link tabs shown on every page.'),
    dropdowns: z
      .array(
        z
          .object({
            dropdown: z.string().describe('Entry title.'),
            description: z.string().optional().describe('One-line description.'),
            ...globalLink,
          })
          .describe('A link dropdown entry shown on every page.'),
      )
      .optional()
      .describe('Link dropdown entries shown on every page.'),
    languages: z
      .array(
        z
          .object({
            language: z.string().describe('Language code.'),
            default: z.boolean().optional().describe('Mark as the default language.'),
            hidden: common.hidden,
            href: href.describe('Site of this language.'),
          })
          .describe('A language switch entry that links to another site.'),
      )
      .optional()
      .describe('Language entries linking to other sites.'),
    versions: z
      .array(
        z
          .object({
            version: z.string().min(1).describe('Version label.'),
            default: z.boolean().optional().describe('Mark as the default version.'),
            hidden: common.hidden,
            href: href.describe('Site of this version.'),
          })
          .describe('A version switch entry that links to another site.'),
      )
      .optional()
      .describe('Version entries linking to other sites.'),
    products: z
      .array(
        z
          .object({
            product: z.string().describe('Product name.'),
            description: z.string().optional().describe('One-line description.'),
            ...common,
            href: href.optional().describe('Site of this product.'),
          })
          .describe('A product switch entry that links elsewhere.'),
      )
      .optional()
      .describe('Product entries linking elsewhere.'),
  })
  .describe('Links that appear on every page, whatever section is open.');

/** The `navigation` object. */
export const navigationSchema: z.ZodType<NavigationConfig> = z
  .object({
    global: navGlobalSchema.optional(),
    ...inherited,
    ...children,
  })
  .describe(
    'Site structure: exactly one primary pattern (`pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions` or `languages`) plus optional `global` links.',
  )
  .meta({ id: 'Navigation' });
