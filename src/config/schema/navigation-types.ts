import type { BannerConfig, FooterConfig, NavbarConfig } from './chrome.js';
import type { IconConfig, OpenApiConfig } from './primitives.js';

/** Listing mode of a group root page. */
export type DirectoryMode = 'none' | 'accordion' | 'card';

/** Fields every navigation element may carry. */
export interface NavCommon {
  icon?: IconConfig | undefined;
  iconType?: string | undefined;
  hidden?: boolean | undefined;
}

/** The child arrays a container element may hold (only one of them per element). */
export interface NavChildren {
  pages?: PageEntry[] | undefined;
  groups?: NavGroup[] | undefined;
  tabs?: NavTab[] | undefined;
  anchors?: NavAnchor[] | undefined;
  dropdowns?: NavDropdown[] | undefined;
  products?: NavProduct[] | undefined;
  versions?: NavVersion[] | undefined;
  languages?: NavLanguage[] | undefined;
  menu?: NavMenuItem[] | undefined;
}

/** Inheritable settings of containers. */
export interface NavInherited {
  openapi?: OpenApiConfig | undefined;
  asyncapi?: OpenApiConfig | undefined;
  directory?: DirectoryMode | undefined;
}

/** One entry of a `pages` array: a page path / endpoint string, or a nested group. */
export type PageEntry = string | NavGroup;

export interface NavGroup extends NavCommon, NavInherited {
  group: string;
  /** Absent only when the group sets `openapi` (its endpoints fill the group) or `groups`. */
  pages?: PageEntry[] | undefined;
  /** Nested groups, listed after `pages`: the same as writing them inside `pages`. */
  groups?: NavGroup[] | undefined;
  tag?: string | undefined;
  root?: string | undefined;
  expanded?: boolean | undefined;
  public?: boolean | undefined;
  boost?: number | undefined;
  searchable?: boolean | undefined;
}

export interface NavTab extends NavCommon, NavChildren, NavInherited {
  tab: string;
  href?: string | undefined;
  searchable?: boolean | undefined;
}

export interface NavAnchor extends NavCommon, NavChildren, NavInherited {
  anchor: string;
  href?: string | undefined;
  color?: { light?: string | undefined; dark?: string | undefined } | undefined;
}

export interface NavDropdown extends NavCommon, NavChildren, NavInherited {
  dropdown: string;
  description?: string | undefined;
  href?: string | undefined;
}

export interface NavProduct extends NavCommon, NavChildren, NavInherited {
  product: string;
  description?: string | undefined;
  href?: string | undefined;
}

export interface NavVersion extends NavCommon, NavChildren, NavInherited {
  version: string;
  default?: boolean | undefined;
  tag?: string | undefined;
  href?: string | undefined;
}

export interface NavLanguage extends NavCommon, NavChildren, NavInherited {
  language: string;
  default?: boolean | undefined;
  href?: string | undefined;
  banner?: BannerConfig | undefined;
  footer?: FooterConfig | undefined;
  navbar?: NavbarConfig | undefined;
}

export interface NavMenuItem extends NavCommon, NavInherited {
  item: string;
  description?: string | undefined;
  href?: string | undefined;
  pages?: PageEntry[] | undefined;
  groups?: NavGroup[] | undefined;
}

/** A global anchor: a link shown on every page whatever the current section. */
export interface NavGlobalAnchor extends NavCommon {
  anchor: string;
  href: string;
  color?: { light?: string | undefined; dark?: string | undefined } | undefined;
}

/** Links that appear on every page (`navigation.global`). */
export interface NavGlobal {
  anchors?: NavGlobalAnchor[] | undefined;
  tabs?: (NavCommon & { tab: string; href: string })[] | undefined;
  dropdowns?: (NavCommon & { dropdown: string; href: string; description?: string | undefined })[] | undefined;
  languages?: { language: string; href: string; default?: boolean | undefined; hidden?: boolean | undefined }[] | undefined;
  versions?: { version: string; href: string; default?: boolean | undefined; hidden?: boolean | undefined }[] | undefined;
  products?: (NavCommon & { product: string; href?: string | undefined; description?: string | undefined })[] | undefined;
}

/** The `navigation` object: exactly one primary pattern plus optional globals. */
export interface NavigationConfig extends NavChildren, NavInherited {
  global?: NavGlobal | undefined;
}

/** The child-array keys, in the order they are reported. */
export const CHILD_KEYS = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu'] as const;
export type ChildKey = (typeof CHILD_KEYS)[number];
