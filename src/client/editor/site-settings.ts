/**
 * The site settings form of docs.json (name, colours, logo, favicon, the navbar's primary button):
 * read from the file's text and written back as text edits (jsonc-parser `modify`), so the rest of
 * docs.json keeps its bytes and comments. The server checks the result loads as a site when it is saved.
 */
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';

/** The page settings form's text fields, each a frontmatter key of the page (`hidden` is its switch). */
export const PAGE_FIELDS = ['title', 'sidebarTitle', 'description', 'icon', 'mode'] as const;

/** The form's fields, each at its place in docs.json. */
export const SITE_FIELDS = ['name', 'primary', 'light', 'dark', 'logoLight', 'logoDark', 'favicon', 'buttonLabel', 'buttonHref'] as const;
export type SiteField = (typeof SITE_FIELDS)[number];
export type SiteSettings = Record<SiteField, string>;

type Json = Record<string, unknown>;
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const object = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** The settings as docs.json has them ('' where it has none). */
export function readSiteSettings(source: string): SiteSettings {
  const config = object(parse(source, [], { allowTrailingComma: true }));
  const colors = object(config.colors);
  const logo = config.logo;
  const primary = object(object(config.navbar).primary);
  return {
    name: text(config.name),
    primary: text(colors.primary),
    light: text(colors.light),
    dark: text(colors.dark),
    logoLight: typeof logo === 'string' ? logo : text(object(logo).light),
    logoDark: typeof logo === 'string' ? logo : text(object(logo).dark),
    favicon: typeof config.favicon === 'string' ? config.favicon : text(object(config.favicon).light),
    buttonLabel: text(primary.label),
    buttonHref: text(primary.href),
  };
}

/** docs.json with the changed settings written in; fields left as they were keep their bytes. */
export function writeSiteSettings(source: string, next: SiteSettings): string {
  const before = readSiteSettings(source);
  const config = object(parse(source, [], { allowTrailingComma: true }));
  let out = source;
  const set = (path: JSONPath, value: unknown) => {
    out = applyEdits(out, modify(out, path, value, FORMAT));
  };
  const changed = (...fields: SiteField[]) => fields.some((f) => next[f].trim() !== before[f]);
  if (changed('name')) set(['name'], next.name.trim());
  for (const field of ['primary', 'light', 'dark'] as const) if (changed(field)) set(['colors', field], next[field].trim() || undefined);
  if (changed('logoLight', 'logoDark')) {
    const [light, dark] = [next.logoLight.trim(), next.logoDark.trim()];
    // One file for both modes stays a string, as docs.json allows; two become { light, dark }.
    set(['logo'], !light && !dark ? undefined : light === dark || !dark ? light : !light ? dark : { ...object(config.logo), light, dark });
  }
  if (changed('favicon')) set(['favicon'], next.favicon.trim() || undefined);
  if (changed('buttonLabel', 'buttonHref')) {
    const [label, href] = [next.buttonLabel.trim(), next.buttonHref.trim()];
    const existing = object(object(config.navbar).primary);
    // A labelled link is a button; a GitHub link (no label) keeps its type.
    set(['navbar', 'primary'], label || href ? { ...existing, type: label ? 'button' : (existing.type ?? 'button'), ...(label ? { label } : {}), href } : undefined);
  }
  return out;
}
