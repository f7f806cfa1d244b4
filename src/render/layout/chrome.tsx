import type { ChromeView } from '../types.js';
import { NavIcon, linkProps } from './icon.js';

/** Announcement banner; `data-banner` is the key a dismissal is remembered under. */
export function Banner({ chrome }: { chrome: ChromeView }) {
  const banner = chrome.banner;
  if (!banner) return null;
  return (
    <div
      className={`banner banner-${banner.type ?? 'info'}`}
      data-banner={banner.key}
      role="region"
      aria-label="Announcement"
      style={banner.color ? ({ '--banner-light': banner.color.light ?? banner.color.dark, '--banner-dark': banner.color.dark ?? banner.color.light } as Record<string, string>) : undefined}
    >
      <div className="banner-text" dangerouslySetInnerHTML={{ __html: banner.html }} />
      {banner.dismissible ? (
        <button type="button" className="banner-close" data-banner-close aria-label="Dismiss banner">
          ×
        </button>
      ) : null}
    </div>
  );
}

/** Footer: social profile links and up to four link columns. */
export function Footer({ chrome }: { chrome: ChromeView }) {
  const { socials, columns } = chrome.footer;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <strong>{chrome.siteName}</strong>
          {socials.length > 0 ? (
            <ul className="socials" role="list">
              {socials.map((s) => (
                <li key={s.label}>
                  <a {...linkProps(s.href, true)} aria-label={s.label} title={s.label} data-social={s.label}>
                    {s.icon ? <NavIcon name={s.icon} /> : s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {columns.map((column, i) => (
          <div className="footer-column" key={`${i}${column.header ?? ''}`}>
            {column.header ? <p className="footer-header">{column.header}</p> : null}
            <ul role="list">
              {column.items.map((item) => (
                <li key={item.href + item.label}>
                  <a {...linkProps(item.href, item.external)}>{item.label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </footer>
  );
}
