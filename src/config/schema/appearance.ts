import { z } from 'zod';
import { hexColor, iconLibrary, lightDarkColor, lightDarkImage } from './primitives.js';

export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'] as const;

export const themeSchema = z.enum(THEMES).describe('Layout theme of the site. Folio records it; the layout adapts where it can.');

export const colorsSchema = z
  .object({
    primary: hexColor.describe('Main brand color, used for emphasis in light mode (required).'),
    light: hexColor.optional().describe('Emphasis color in dark mode.'),
    dark: hexColor.optional().describe('Color of buttons and hover states in both modes.'),
  })
  .describe('Brand colors. `primary` is required.');

const fontFace = z
  .object({
    family: z.string().describe('Font family name; Google Fonts names load automatically.'),
    weight: z.number().optional().describe('Font weight, for example 400 or 550 for variable fonts.'),
    source: z.string().optional().describe('URL or path of a self-hosted font file (not needed for Google Fonts).'),
    format: z.enum(['woff', 'woff2']).optional().describe('Format of the `source` file: `woff` or `woff2`.'),
  })
  .describe('A font face.');

export const fontsSchema = z
  .object({
    family: z.string().optional().describe('Font family for all text; Google Fonts names load automatically.'),
    weight: fontFace.shape.weight,
    source: fontFace.shape.source,
    format: fontFace.shape.format,
    heading: fontFace.optional().describe('Font for headings (overrides the top-level font).'),
    body: fontFace.optional().describe('Font for body text (overrides the top-level font).'),
  })
  .describe('Custom fonts for the whole site, headings and body text.');

export const logoSchema = z
  .union([
    z.string().describe('One logo image path for both modes.'),
    z
      .object({
        light: z.string().describe('Logo image path for light mode, for example `/logo/light.svg`.'),
        dark: z.string().describe('Logo image path for dark mode.'),
        href: z.string().optional().describe('Where clicking the logo goes (defaults to the home page).'),
      })
      .describe('Separate light and dark logos.'),
  ])
  .describe('Site logo: an image path, or `{ light, dark, href }`.');

export const faviconSchema = lightDarkImage.describe('Favicon image path, or `{ light, dark }`.');

export const appearanceSchema = z
  .object({
    default: z.enum(['system', 'light', 'dark']).optional().describe('Initial color mode: `system` (default), `light` or `dark`.'),
    strict: z.boolean().optional().describe('Hide the light/dark toggle so readers stay in the default mode.'),
  })
  .describe('Light and dark mode settings.');

export const backgroundSchema = z
  .object({
    decoration: z.enum(['gradient', 'grid', 'windows']).optional().describe('Decorative background: `gradient`, `grid` or `windows`.'),
    color: lightDarkColor.optional().describe('Background colors for light and dark mode.'),
    image: lightDarkImage.optional().describe('Background image, or `{ light, dark }`.'),
  })
  .describe('Page background: decoration, colors and image.');

export const iconsSchema = z
  .object({ library: iconLibrary.describe('Icon library used for every icon name in the site.') })
  .describe('Icon library settings.');

const codeblockTheme = z
  .union([
    z.string().describe('A Shiki theme name for both modes.'),
    z
      .object({
        light: z.string().describe('Shiki theme for light mode.'),
        dark: z.string().describe('Shiki theme for dark mode.'),
      })
      .describe('Separate Shiki themes per mode.'),
  ])
  .describe('Code block theme: one Shiki theme name, or `{ light, dark }`.');

export const stylingSchema = z
  .object({
    eyebrows: z
      .enum(['section', 'breadcrumbs'])
      .optional()
      .describe('Text above the page title: `section` (parent section) or `breadcrumbs` (full path). Unset: theme default.'),
    latex: z.boolean().optional().describe('Force (`true`) or skip (`false`) loading LaTeX styles; unset detects LaTeX use.'),
    codeblocks: z
      .union([
        z.string().describe('`system`, `dark`, or a Shiki theme name.'),
        z
          .object({
            theme: codeblockTheme.optional(),
            languages: z
              .object({
                custom: z.array(z.string()).optional().describe('Paths to TextMate grammar JSON files for extra languages.'),
              })
              .optional()
              .describe('Extra code block languages.'),
          })
          .describe('Code block theme and languages.'),
      ])
      .optional()
      .describe('Code block styling: `system`, `dark`, a Shiki theme name, or `{ theme, languages }`.'),
  })
  .describe('Visual styling: page eyebrows, LaTeX and code blocks.');

export const thumbnailsSchema = z
  .object({
    appearance: z.enum(['light', 'dark']).optional().describe('Color scheme of social thumbnails.'),
    background: z.string().optional().describe('Background image of social thumbnails (path or URL).'),
    fonts: z
      .object({ family: z.string().describe('Google Fonts family name.') })
      .optional()
      .describe('Font of social thumbnails.'),
  })
  .describe('Social media preview images.');

export const interactionSchema = z
  .object({
    drilldown: z
      .boolean()
      .optional()
      .describe('`true`: clicking a group opens its first page. `false`: it only expands or collapses. Unset: theme default.'),
  })
  .describe('Navigation interaction settings.');
