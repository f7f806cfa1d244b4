import { z } from 'zod';

/** `#rgb` or `#rrggbb`. */
export const hexColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'must be a hex color such as "#0D9373" or "#fff"' })
  .describe('A hex color: `#rgb` or `#rrggbb`.');

/** A color that may differ between light and dark mode. */
export const lightDarkColor = z
  .object({
    light: hexColor.optional().describe('Color used in light mode.'),
    dark: hexColor.optional().describe('Color used in dark mode.'),
  })
  .describe('Colors for light and dark mode.');

export const ICON_LIBRARIES = ['fontawesome', 'lucide', 'tabler'] as const;
export const ICON_STYLES = [
  'brands',
  'duotone',
  'light',
  'regular',
  'solid',
  'thin',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
] as const;

export const iconLibrary = z.enum(ICON_LIBRARIES).describe('Icon library: `fontawesome` (default), `lucide` or `tabler`.');

/** Icon: a name, or an object naming the icon, its Font Awesome style and its library. */
export const iconConfig = z
  .union([
    z.string().describe('Icon name from the site icon library, an image URL, a path to an image, or inline SVG.'),
    z
      .object({
        name: z.string().describe('Icon name from the chosen library.'),
        style: z.enum(ICON_STYLES).optional().describe('Font Awesome style of the icon (ignored by other libraries).'),
        library: iconLibrary.optional().describe('Library the icon comes from; defaults to `icons.library`.'),
      })
      .describe('Icon with an explicit style or library.'),
  ])
  .describe('Icon shown next to the element: an icon name, or `{ name, style, library }`.')
  .meta({ id: 'IconConfig' });
export type IconConfig = z.output<typeof iconConfig>;

/** Legacy Font Awesome style key written next to `icon`. */
export const iconType = z.enum(ICON_STYLES).describe('Font Awesome style of `icon` (older spelling of `icon.style`).');

const openApiSource = z
  .object({
    source: z.string().describe('Path or http(s) URL of the OpenAPI specification file.'),
    directory: z.string().optional().describe('Folder under which generated endpoint pages are placed.'),
  })
  .describe('An OpenAPI specification and the folder its generated pages go to.');

/** OpenAPI source: a spec path or URL, several of them, or a spec with the folder its pages go to. */
export const openApiConfig = z
  .union([
    z.string().describe('Path (relative to the docs root) or http(s) URL of an OpenAPI specification file.'),
    z
      .array(z.union([z.string(), openApiSource]))
      .describe('Several OpenAPI specifications: paths, URLs or `{ source, directory }` objects.'),
    openApiSource,
  ])
  .describe(
    'OpenAPI specification(s) for this element and its descendants (inherited unless a child sets its own). With no `pages`, one page per endpoint is generated.',
  )
  .meta({ id: 'OpenApiConfig' });
export type OpenApiConfig = z.output<typeof openApiConfig>;

export const DIRECTORY_MODES = ['none', 'accordion', 'card'] as const;
/** How a group's root page lists its children. */
export const directoryMode = z
  .enum(DIRECTORY_MODES)
  .describe(
    'Listing of child pages on a group root page: `accordion` (list), `card` (cards) or `none` (default). Inherited by descendant groups unless overridden.',
  );

/** Link target: absolute URL or a path inside the site. */
export const href = z.string().describe('Link target: an absolute http(s) URL or a site path such as `/quickstart`.');

/** Image that may differ between light and dark mode. */
export const lightDarkImage = z
  .union([
    z.string().describe('One image path or URL for both modes.'),
    z
      .object({
        light: z.string().describe('Image path or URL for light mode.'),
        dark: z.string().describe('Image path or URL for dark mode.'),
      })
      .describe('Separate images for light and dark mode.'),
  ])
  .describe('An image path or URL, or `{ light, dark }` for separate images per color mode.');
