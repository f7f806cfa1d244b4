import type { Root as HastRoot, RootContent } from 'hast';
import type { Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import type { Diagnostic } from '../../shared/index.js';
import type { MdxCode } from '../codes.js';
import { diagnosticAt } from '../diagnostic-at.js';
import { expressionOf } from '../static-eval.js';
import { isImageIcon, resolveIcon, type IconLibrary } from './resolve.js';

type Parent = { children: RootContent[] };

/** A literal attribute value: `icon="x"` or `icon={"x"}`; undefined when computed. */
function literalAttribute(node: MdxJsxFlowElementHast, name: string): string | undefined {
  const attr = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!attr || attr.value === null || attr.value === undefined) return undefined;
  if (typeof attr.value === 'string') return attr.value;
  const expression = expressionOf(attr.value.data?.estree as Program | undefined);
  return expression?.type === 'Literal' && typeof expression.value === 'string' ? expression.value : undefined;
}

/**
 * Warn (`ICON_UNKNOWN`) at each component whose literal `icon` names no glyph in any library, once
 * per name and file with a count. Computed names (`icon={props.icon}`) are checked where a snippet
 * receives a literal; the page still renders (the icon shows as a dot).
 */
export function checkIcons(tree: HastRoot, options: { file: string; lineOffset: number; library?: IconLibrary; diagnostics: Diagnostic<MdxCode>[] }): void {
  const seen = new Map<string, { diagnostic: Diagnostic<MdxCode>; count: number }>();
  const walk = (parent: Parent, file: string) => {
    for (const node of parent.children) {
      const nodeFile = (node as { data?: { folioFile?: string } }).data?.folioFile ?? file;
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]/.test(node.name)) {
        const jsx = node as MdxJsxFlowElementHast;
        const icon = literalAttribute(jsx, 'icon');
        if (icon && !isImageIcon(icon) && !icon.trim().startsWith('<svg')) {
          const type = literalAttribute(jsx, 'iconType');
          if (!resolveIcon(icon, { type, library: options.library })) {
            const key = `${nodeFile}\u0000${icon}`;
            const known = seen.get(key);
            if (known) {
              known.count++;
              known.diagnostic.message = unknownIconMessage(icon, options.library, known.count);
            } else {
              const lineOffset = nodeFile === options.file ? options.lineOffset : 0;
              const diagnostic = diagnosticAt(jsx, nodeFile, lineOffset, 'warning', 'ICON_UNKNOWN', unknownIconMessage(icon, options.library, 1));
              seen.set(key, { diagnostic, count: 1 });
              options.diagnostics.push(diagnostic);
            }
          }
        }
      }
      if ('children' in node && node.children) walk(node as Parent, nodeFile);
    }
  };
  walk(tree as Parent, options.file);
}

/** What is wrong with an icon name and how to fix it. */
export function unknownIconMessage(icon: string, library: IconLibrary | undefined, count = 1): string {
  const times = count > 1 ? ` (used ${count} times)` : '';
  return (
    `Icon \`${icon}\`${times} is not in ${library ?? 'fontawesome'} (icons.library) nor in the other built-in libraries; it is drawn as a dot. ` +
    'Use a Font Awesome Free, Lucide or Tabler name, or an image path or URL.'
  );
}

type Locate = (path: readonly (string | number)[]) => { file: string; line: number; column: number };

/**
 * `ICON_UNKNOWN` for the icons of docs.json (navigation, anchors, navbar and footer links: every
 * `icon` value, string or `{ name, style }`) at their position, and for pages' frontmatter `icon:`
 * at its line. Once per name and file, like the MDX check.
 */
export function checkSiteIcons(
  config: unknown,
  pages: Iterable<{ file: string; icon?: string; source?: string }>,
  options: { library?: IconLibrary; locate?: Locate; configFile?: string; readText?: (file: string) => string | undefined },
): Diagnostic<MdxCode>[] {
  const out: Diagnostic<MdxCode>[] = [];
  const seen = new Set<string>();
  const report = (name: string, type: string | undefined, at: () => { file: string; line: number; column: number }, path: string) => {
    if (!name || isImageIcon(name) || name.trim().startsWith('<svg') || resolveIcon(name, { type, library: options.library })) return;
    const where = at();
    const key = `${where.file}\u0000${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...where, severity: 'warning', code: 'ICON_UNKNOWN', path, message: unknownIconMessage(name, options.library) });
  };
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      const icon = o.icon;
      const at = () => options.locate?.([...path, 'icon']) ?? { file: options.configFile ?? 'docs.json', line: 1, column: 1 };
      if (typeof icon === 'string') report(icon, typeof o.iconType === 'string' ? o.iconType : undefined, at, [...path, 'icon'].join('.'));
      else if (icon && typeof icon === 'object' && typeof (icon as { name?: unknown }).name === 'string') {
        const i = icon as { name: string; style?: string; library?: string };
        if (i.library !== 'lucide' && i.library !== 'tabler') report(i.name, i.style, at, [...path, 'icon'].join('.'));
        else if (!resolveIcon(`${i.library}:${i.name}`)) report(`${i.library}:${i.name}`, undefined, at, [...path, 'icon'].join('.'));
      }
      for (const [k, v] of Object.entries(o)) if (v && typeof v === 'object') walk(v, [...path, k]);
    }
  };
  walk(config, []);
  for (const page of pages) {
    if (!page.icon) continue;
    // The page's text (read again when the index does not keep it) only for an unknown name's line.
    const at = () => {
      const text = page.source ?? options.readText?.(page.file);
      const m = text ? /^icon\s*:/m.exec(text) : null;
      return { file: page.file, line: m ? text!.slice(0, m.index).split('\n').length : 1, column: 1 };
    };
    report(page.icon, undefined, at, 'icon');
  }
  return out;
}
