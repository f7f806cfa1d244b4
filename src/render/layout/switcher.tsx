import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LinkView, SwitcherView } from '../types.js';
import { NavIcon, linkProps } from './icon.js';

/**
 * A selector drawn as `<details data-menu>`: it opens without JavaScript and each option is a
 * plain link, so switching version or language is an ordinary navigation.
 */
export function Switcher({ switcher }: { switcher: SwitcherView }) {
  const current = switcher.options.find((o) => o.active) ?? switcher.options[0];
  if (!current) return null;
  return (
    <details className={`switcher switcher-${switcher.kind}`} data-menu={switcher.kind}>
      <summary aria-label={`${switcher.label}: ${current.label}`}>
        <NavIcon name={current.icon} />
        <span className="switcher-current">{current.label}</span>
        {current.tag ? <span className="badge">{current.tag}</span> : null}
        <span className="chevron" aria-hidden="true" />
      </summary>
      {switcher.options.some((o) => hasImageIcon(o.icon)) ? (
        <ul className="switcher-options" role="list">
          <SwitcherOptions options={switcher.options} />
        </ul>
      ) : (
        <ul className="switcher-options" role="list" dangerouslySetInnerHTML={{ __html: switcherOptionsHtml(switcher.options) }} />
      )}
    </details>
  );
}

/** The options as React elements: options with image icons are drawn so; `switcherOptionsHtml` writes the same HTML as text. */
export function SwitcherOptions({ options }: { options: LinkView[] }) {
  return (
    <>
      {options.map((option) => (
        <li key={option.href + option.label}>
          <a {...linkProps(option.href, option.external)} aria-current={option.active ? 'true' : undefined}>
            <NavIcon name={option.icon} />
            <span className="switcher-label">
              {option.label}
              {option.description ? <small>{option.description}</small> : null}
            </span>
            {option.tag ? <span className="badge">{option.tag}</span> : null}
          </a>
        </li>
      ))}
    </>
  );
}

/** An icon drawn as an `<img>`: React also puts a preload `<link>` for it in the page's head, so such options stay elements. */
const hasImageIcon = (name: string | undefined) => navIconHtml(name).includes('<img');

const REACT_ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** Text or an attribute value escaped as React's server renderer escapes them. */
const escapeAsReact = (text: string) => text.replace(/["&'<>]/g, (c) => REACT_ENTITIES[c]!);

/** Each option icon's HTML, rendered once by `NavIcon` (the same few icons recur on every page). */
const iconHtml = new Map<string, string>();
function navIconHtml(name: string | undefined): string {
  if (!name) return '';
  let html = iconHtml.get(name);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(NavIcon, { name }));
    if (iconHtml.size < 1000) iconHtml.set(name, html);
  }
  return html;
}

/**
 * The options of a switcher as React rendered them from
 * `<li><a href rel target aria-current><NavIcon/><span class="switcher-label">label<small>description</small></span><span class="badge">tag</span></a></li>`,
 * written directly: a language switcher lists every language on every page (35 options, each its own
 * link to the page in that language), and drawing them as elements was ~0.2 ms of each page's layout.
 * `switcher.test.tsx` holds the two to the same HTML. Not for options with image icons (`hasImageIcon`).
 */
export function switcherOptionsHtml(options: readonly LinkView[]): string {
  let html = '';
  for (const option of options) {
    html += `<li><a href="${escapeAsReact(option.href)}"${option.external ? ' rel="noopener noreferrer" target="_blank"' : ''}${option.active ? ' aria-current="true"' : ''}>`;
    html += navIconHtml(option.icon);
    html += `<span class="switcher-label">${escapeAsReact(option.label)}${option.description ? `<small>${escapeAsReact(option.description)}</small>` : ''}</span>`;
    html += option.tag ? `<span class="badge">${escapeAsReact(option.tag)}</span>` : '';
    html += '</a></li>';
  }
  return html;
}
