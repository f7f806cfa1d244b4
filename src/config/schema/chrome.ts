import { z } from 'zod';
import { hexColor, href, iconConfig, iconType, lightDarkColor } from './primitives.js';

export const SOCIAL_NETWORKS = [
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
] as const;

const navbarLink = z
  .object({
    type: z.enum(['github', 'discord']).optional().describe('Special link style; omit for an ordinary text link.'),
    label: z.string().optional().describe('Link text; a link without `type` needs a label or an icon.'),
    href: href.describe('Where the link goes.'),
    icon: iconConfig.optional(),
    iconType: iconType.optional(),
  })
  .describe('A link in the top bar.');

/** Top bar: links and the primary call-to-action button. */
export const navbarConfig = z
  .object({
    links: z.array(navbarLink).optional().describe('Links shown in the top bar, left to right.'),
    primary: z
      .object({
        type: z.enum(['button', 'github', 'discord']).describe('Button style: `button`, `github` or `discord`.'),
        label: z.string().optional().describe('Button text (needed when `type` is `button`).'),
        href: href.describe('Where the button goes.'),
      })
      .optional()
      .describe('The call-to-action button at the right of the top bar.'),
  })
  .describe('Top navigation bar: links and a primary button.')
  .meta({ id: 'NavbarConfig' });

/** Footer: social links and link columns. */
export const footerConfig = z
  .object({
    // An object rather than a record so a misspelled network is an unknown-key
    // warning with a suggestion, like every other key.
    socials: z
      .object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().optional().describe(`Profile URL on ${n}.`)])) as Record<(typeof SOCIAL_NETWORKS)[number], z.ZodOptional<z.ZodString>>)
      .optional()
      .describe('Social profiles: network key (for example `x`, `github`, `linkedin`) to profile URL.'),
    links: z
      .array(
        z
          .object({
            header: z.string().optional().describe('Column heading.'),
            items: z
              .array(
                z
                  .object({
                    label: z.string().describe('Link text.'),
                    href: href.describe('Where the link goes.'),
                  })
                  .describe('A footer link.'),
              )
              .describe('Links in this column.'),
          })
          .describe('A column of footer links.'),
      )
      .max(4)
      .optional()
      .describe('Up to four columns of footer links.'),
  })
  .describe('Site footer: social profile links and link columns.')
  .meta({ id: 'FooterConfig' });

/** Announcement banner above every page. */
export const bannerConfig = z
  .object({
    content: z.string().describe('Banner text; basic MDX (links, bold, italic) is allowed.'),
    dismissible: z.boolean().optional().describe('Show a close button so readers can dismiss the banner.'),
    type: z.enum(['info', 'warning', 'critical']).optional().describe('Banner style: `info` (default), `warning` or `critical`.'),
    color: z
      .union([hexColor, lightDarkColor])
      .optional()
      .describe('Background color override: one hex color, or `{ light, dark }`.'),
  })
  .describe('Announcement banner shown at the top of every page.')
  .meta({ id: 'BannerConfig' });

export type NavbarConfig = z.output<typeof navbarConfig>;
export type FooterConfig = z.output<typeof footerConfig>;
export type BannerConfig = z.output<typeof bannerConfig>;
