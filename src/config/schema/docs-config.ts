import { z } from 'zod';
import { apiSchema } from './api.js';
import {
  appearanceSchema,
  backgroundSchema,
  colorsSchema,
  faviconSchema,
  fontsSchema,
  iconsSchema,
  interactionSchema,
  logoSchema,
  stylingSchema,
  themeSchema,
  thumbnailsSchema,
} from './appearance.js';
import { bannerConfig, footerConfig, navbarConfig } from './chrome.js';
import { integrationsSchema } from './integrations.js';
import { navigationSchema } from './navigation.js';
import {
  assistantSchema,
  contextualSchema,
  errorsSchema,
  feedbackSchema,
  markdownSchema,
  metadataSchema,
  redirectsSchema,
  searchSchema,
  seoSchema,
  translationsSchema,
  variablesSchema,
} from './site.js';

/** The whole docs.json file. */
export const docsConfigSchema = z
  .object({
    $schema: z.string().optional().describe('URL of the JSON Schema that editors use for autocompletion and hover help.'),
    theme: themeSchema.optional(),
    name: z.string().min(1).describe('Name of the project, shown in the browser title and the header (required).'),
    description: z.string().optional().describe('Short description of the site, used for SEO and AI indexing.'),
    colors: colorsSchema,
    logo: logoSchema.optional(),
    favicon: faviconSchema.optional(),
    navigation: navigationSchema,
    navbar: navbarConfig.optional(),
    footer: footerConfig.optional(),
    banner: bannerConfig.optional(),
    redirects: redirectsSchema.optional(),
    api: apiSchema.optional(),
    appearance: appearanceSchema.optional(),
    background: backgroundSchema.optional(),
    fonts: fontsSchema.optional(),
    icons: iconsSchema.optional(),
    styling: stylingSchema.optional(),
    interaction: interactionSchema.optional(),
    seo: seoSchema.optional(),
    search: searchSchema.optional(),
    integrations: integrationsSchema.optional(),
    contextual: contextualSchema.optional(),
    assistant: assistantSchema.optional(),
    feedback: feedbackSchema.optional(),
    errors: errorsSchema.optional(),
    variables: variablesSchema.optional(),
    metadata: metadataSchema.optional(),
    markdown: markdownSchema.optional(),
    thumbnails: thumbnailsSchema.optional(),
    translations: translationsSchema.optional(),
  })
  .describe('Folio site configuration (docs.json). Required: `name`, `colors.primary` and `navigation`.')
  .meta({ id: 'DocsConfig', title: 'Folio docs.json' });

/** The validated docs.json value, keys exactly as docs.json spells them. */
export type DocsConfig = z.output<typeof docsConfigSchema>;
