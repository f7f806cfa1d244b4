/**
 * Raw HTML of a repository Folio does not trust (untrusted mode): each element a page writes
 * (`<iframe>`, `<a href>`, `<div dangerouslySetInnerHTML>`) is checked against an allow-list with
 * hast-util-sanitize. Elements without a safe meaning (`<script>`, `<base>`, `<meta>`) are dropped
 * with their content, unknown ones are unwrapped, unsafe attributes removed; iframes must load
 * https and get a sandbox.
 */
import { createElement, Fragment, isValidElement, type ReactElement } from 'react';
import type { Element, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';

const MEDIA = ['src', 'controls', 'autoPlay', 'loop', 'muted', 'playsInline', 'poster', 'preload', 'type', 'kind', 'srcLang', 'label', 'default', 'srcSet', 'sizes', 'media'];
const SVG_ELEMENTS = ['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'symbol', 'text', 'tspan', 'title', 'desc'];
const SVG_ATTRIBUTES = [
  'viewBox', 'xmlns', 'fill', 'fillRule', 'fillOpacity', 'clipRule', 'clipPath', 'stroke', 'strokeWidth', 'strokeLinecap', 'strokeLinejoin',
  'strokeMiterlimit', 'strokeDasharray', 'strokeDashoffset', 'strokeOpacity', 'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'x2', 'y1', 'y2',
  'points', 'transform', 'opacity', 'offset', 'stopColor', 'stopOpacity', 'gradientUnits', 'gradientTransform', 'preserveAspectRatio', 'mask',
  'fontSize', 'fontWeight', 'fontFamily', 'textAnchor', 'dominantBaseline', 'version', 'focusable', 'patternUnits', 'maskUnits',
];
const ARIA = ['ariaHidden', 'ariaLabel', 'ariaLabelledBy', 'ariaDescribedBy', 'ariaExpanded', 'ariaControls', 'ariaCurrent', 'ariaLive', 'ariaSelected', 'ariaRoleDescription'];

/** What docs pages need, nothing that runs code or navigates the reader by itself. */
export const UNTRUSTED_SCHEMA: Schema = {
  ...defaultSchema,
  ancestors: {},
  clobber: [],
  clobberPrefix: '',
  required: {},
  strip: ['script', 'style', 'noscript', 'template', 'object', 'embed', 'applet', 'frame', 'frameset', 'base', 'meta', 'link', 'title', 'head', 'textarea', 'select', 'form'],
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'iframe', 'video', 'audio', 'track', 'figure', 'figcaption', 'article', 'aside', 'header', 'footer', 'nav', 'main', 'button', 'label',
    'mark', 'u', 'small', 'abbr', 'center', 'font', 'caption', 'col', 'colgroup', 'cite', 'dfn', 'var', 'time', 'wbr', 'big',
    ...SVG_ELEMENTS,
  ],
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), 'target', 'rel', 'download', 'className'],
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'decoding', 'srcSet', 'sizes'],
    iframe: ['src', 'allow', 'allowFullScreen', 'frameBorder', 'referrerPolicy', 'sandbox', 'loading', 'scrolling', 'name'],
    video: MEDIA,
    audio: MEDIA,
    source: MEDIA,
    track: MEDIA,
    input: ['type', 'checked', 'disabled'],
    button: ['type', 'disabled'],
    '*': [...(defaultSchema.attributes?.['*'] ?? []).filter((name) => name !== 'action' && name !== 'method'), 'className', 'style', 'role', 'hidden', 'data*', ...ARIA, ...SVG_ATTRIBUTES],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto', 'tel'],
    src: ['http', 'https', 'data'],
    poster: ['http', 'https'],
    xLinkHref: ['http', 'https'],
  },
};

/** How an element fares: kept (maybe without some attributes), unwrapped (children kept) or dropped with its content. */
export interface ElementCheck {
  verdict: 'keep' | 'unwrap' | 'drop';
  /** Attribute names (as given) that were removed. */
  removed: string[];
  /** Attributes to add (an iframe's sandbox). */
  added: Record<string, string>;
}

const UNSAFE_STYLE = /javascript:|vbscript:|expression\s*\(|-moz-binding|behaviou?r\s*:|@import/i;

/** `data-foo-bar` → `dataFooBar`, `aria-hidden` → `ariaHidden`: hast property names, which the schema lists. */
function propertyName(name: string): string {
  if (/^(data|aria)-/.test(name)) return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return name === 'class' ? 'className' : name === 'for' ? 'htmlFor' : name;
}

function styleText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.values(value as Record<string, unknown>).map(String).join(';');
  return String(value);
}

/** Check one element of a page: `props` are its attribute values by name (as written or React's name). */
export function checkElement(tagName: string, props: Record<string, unknown>): ElementCheck {
  const names = new Map<string, string>();
  const properties: Element['properties'] = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || value === undefined || value === null) continue;
    if (name === 'style' && UNSAFE_STYLE.test(styleText(value))) {
      removed.push(name);
      continue;
    }
    const property = propertyName(name);
    names.set(property, name);
    properties[property] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : name === 'style' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
          ? String(value)
          : // An object or function (`dangerouslySetInnerHTML={{...}}`): only its name decides.
            '[value]';
  }
  const shallow: Element = { type: 'element', tagName, properties, children: [] };
  const clean = sanitize({ type: 'root', children: [shallow] } as Root, UNTRUSTED_SCHEMA) as Root;
  const kept = clean.children[0];
  if (!kept || kept.type !== 'element') {
    return { verdict: UNTRUSTED_SCHEMA.strip?.includes(tagName) ? 'drop' : 'unwrap', removed, added: {} };
  }
  for (const [property, value] of Object.entries(properties)) {
    const now = kept.properties[property];
    if (now === undefined || String(now) !== String(value)) removed.push(names.get(property)!);
  }
  const added: Record<string, string> = {};
  if (tagName === 'iframe') {
    const src = kept.properties.src;
    if (typeof src !== 'string' || !/^https:\/\//i.test(src.trim())) return { verdict: 'drop', removed: [...removed, 'src'], added };
    if (kept.properties.sandbox === undefined) added.sandbox = 'allow-scripts allow-same-origin allow-popups allow-presentation allow-forms';
  }
  return { verdict: 'keep', removed, added };
}

/** One sentence saying what was removed, for an MDX_UNSAFE_HTML warning. */
export function describeRemoval(tagName: string, check: ElementCheck): string {
  if (check.verdict === 'drop') return `\`<${tagName}>\` was removed with its content`;
  if (check.verdict === 'unwrap') return `\`<${tagName}>\` was removed (its content is kept)`;
  return `${check.removed.map((n) => `\`${n}\``).join(', ')} of \`<${tagName}>\` ${check.removed.length > 1 ? 'were' : 'was'} removed`;
}

/** Components whose `html` prop is inserted as HTML (Folio makes it from code blocks and math; a page must not). */
export type HtmlTakingComponents = ReadonlySet<unknown>;

/**
 * The same check on a value a static expression produced (`icon={<svg onload=...>}`, a snippet
 * constant holding JSX): React elements are rebuilt without what the allow-list refuses.
 * `onRemoved` hears each removal.
 */
export function guardValue(value: unknown, htmlTaking: HtmlTakingComponents, onRemoved: (what: string) => void, depth = 0): unknown {
  if (depth > 200) return null;
  if (Array.isArray(value)) return value.map((v) => guardValue(v, htmlTaking, onRemoved, depth + 1));
  if (!isValidElement(value)) return value;
  const element = value as ReactElement<Record<string, unknown>>;
  const props: Record<string, unknown> = { ...element.props };
  if (typeof element.type === 'string') {
    const check = checkElement(element.type, props);
    if (check.verdict !== 'keep' || check.removed.length) onRemoved(describeRemoval(element.type, check));
    if (check.verdict === 'drop') return null;
    const children = guardValue(props.children, htmlTaking, onRemoved, depth + 1);
    if (check.verdict === 'unwrap') return createElement(Fragment, { key: element.key }, children as never);
    for (const name of check.removed) delete props[name];
    Object.assign(props, check.added);
    props.children = children;
  } else {
    if (htmlTaking.has(element.type) && 'html' in props) {
      onRemoved('the `html` of a Folio-internal component was removed');
      delete props.html;
    }
    for (const [name, v] of Object.entries(props)) if (v && typeof v === 'object') props[name] = guardValue(v, htmlTaking, onRemoved, depth + 1);
  }
  const { children, ...rest } = props;
  return createElement(element.type as never, { ...rest, key: element.key }, ...(Array.isArray(children) ? children : children === undefined ? [] : [children]));
}
