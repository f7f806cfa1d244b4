/**
 * Built-in components in their Markdown meaning: callouts as blockquotes with their kind, tabs and
 * code groups as labelled sections, cards as link lists, steps as numbered lists, fields as list
 * items with their types. Unknown names keep their children.
 */
import { codeSpan, fence, indent, link, quote, textContent, type Node, type Walk } from './from-tree.js';

const CALLOUTS: Record<string, string> = { Note: 'Note', Info: 'Info', Tip: 'Tip', Warning: 'Warning', Check: 'Check', Danger: 'Danger', Callout: 'Note' };
const FIELD_LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

type Render = (node: Node, walk: Walk, props: Record<string, unknown>) => string;

const kids = (node: Node): Node[] => ('children' in node ? (node.children as Node[]) : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined);
const source = (node: Node): string | undefined => (node as { data?: { folioSource?: string } }).data?.folioSource;

/** A label line above a section's content. */
function section(label: string | undefined, body: string): string {
  return label ? `**${label}**\n\n${body}` : body;
}

/** One list item: `- head` with the body under it. */
function item(head: string, body: string, marker = '- '): string {
  if (!body) return marker + head;
  const flat = !body.includes('\n');
  return marker + (flat ? `${head}: ${body}` : `${head}\n\n${' '.repeat(marker.length)}${indent(body, marker.length)}`);
}

function field(props: Record<string, unknown>, body: string, response: boolean): string {
  const location = response ? undefined : FIELD_LOCATIONS.find((l) => props[l] !== undefined);
  const name = str(location ? props[location] : props.name) ?? 'value';
  const facts = [str(props.type), location, props.required === true || props.required === 'true' ? 'required' : undefined, props.deprecated ? 'deprecated' : undefined];
  if (props.default !== undefined) facts.push(`default: ${typeof props.default === 'string' ? props.default : JSON.stringify(props.default)}`);
  const known = facts.filter(Boolean);
  return item(`${codeSpan(name)}${known.length ? ` (${known.join(', ')})` : ''}`, body);
}

function code(node: Node, props: Record<string, unknown>): string {
  const lang = str(props.lang) ?? '';
  const title = str(props.title);
  const info = [lang, title && title !== lang ? title : ''].filter(Boolean).join(' ');
  return fence(source(node) ?? '', info);
}

const RENDER: Record<string, Render> = {
  FolioCode: (node, _walk, props) => code(node, props),
  FolioMath: (node, _walk, props) => {
    const tex = source(node) ?? '';
    return props.display ? `$$\n${tex}\n$$` : `$${tex}$`;
  },
  Latex: (node, _walk, props) => (props.inline ? `$${textContent(node)}$` : `$$\n${textContent(node).trim()}\n$$`),
  Mermaid: (node, _walk, props) => fence(str(props.chart) ?? textContent(node), 'mermaid'),
  FolioUnknown: (node, walk) => walk.blocks(kids(node)),
  Visibility: (node, walk, props) => (props.for === 'agents' ? walk.blocks(kids(node)) : ''),
  Card: (node, walk, props) => card(node, walk, props),
  Tile: (node, walk, props) => card(node, walk, props),
  CardGroup: (node, walk) => linkList(node, walk),
  Columns: (node, walk) => linkList(node, walk),
  Tabs: (node, walk) => kids(node).map((tab) => section(str(walk.props(tab).title), walk.blocks(kids(tab)))).filter(Boolean).join('\n\n'),
  Tab: (node, walk, props) => section(str(props.title), walk.blocks(kids(node))),
  View: (node, walk, props) => section(str(props.title), walk.blocks(kids(node))),
  CodeGroup: (node, walk) => labelledCode(node, walk),
  RequestExample: (node, walk) => section('Request example', labelledCode(node, walk)),
  ResponseExample: (node, walk) => section('Response example', labelledCode(node, walk)),
  Steps: (node, walk) =>
    kids(node)
      .filter((k) => k.type === 'mdxJsxFlowElement' || k.type === 'mdxJsxTextElement')
      .map((step, i) => {
        const title = str(walk.props(step).title);
        const body = walk.blocks(kids(step));
        const marker = `${i + 1}. `;
        return title ? item(`**${title}**`, body, marker) : marker + indent(body, marker.length);
      })
      .join('\n'),
  Step: (node, walk, props) => section(str(props.title), walk.blocks(kids(node))),
  ParamField: (node, walk, props) => field(props, walk.blocks(kids(node)), false),
  ResponseField: (node, walk, props) => field(props, walk.blocks(kids(node)), true),
  Accordion: (node, walk, props) => section(str(props.title), walk.blocks(kids(node))),
  Expandable: (node, walk, props) => section(str(props.title) ?? 'Properties', walk.blocks(kids(node))),
  Update: (node, walk, props) => {
    const head = [str(props.label) ? `## ${str(props.label)}` : '', str(props.description) ?? ''].filter(Boolean).join('\n\n');
    return [head, walk.blocks(kids(node))].filter(Boolean).join('\n\n');
  },
  Frame: (node, walk, props) => [walk.blocks(kids(node)), str(props.caption) ? `_${str(props.caption)}_` : ''].filter(Boolean).join('\n\n'),
  Prompt: (node, walk, props) => section(str(props.description) ?? 'Prompt', fence(walk.blocks(kids(node)), 'text')),
  Icon: () => '',
  Tooltip: (node, walk, props) => {
    const text = walk.inline(kids(node));
    const tip = str(props.tip);
    return tip ? `${text} (${tip})` : text;
  },
  Link: (node, walk, props) => link(walk.inline(kids(node)), props.href),
  // A file tree as a nested list, folders with a trailing slash.
  Tree: (node, walk) => tightList(node, walk),
  'Tree.Folder': (node, walk, props) => {
    const children = tightList(node, walk);
    return `- ${str(props.name) ?? ''}/${children ? `\n  ${indent(children, 2)}` : ''}`;
  },
  'Tree.File': (_node, _walk, props) => `- ${str(props.name) ?? ''}`,
  // Swatches as `name: value` items, rows of a table variant under their title.
  Color: (node, walk) => tightList(node, walk),
  'Color.Row': (node, walk, props) => section(str(props.title), tightList(node, walk)),
  'Color.Item': (_node, _walk, props) => `- ${[str(props.name), str(props.value)].filter(Boolean).join(': ')}`,
};

for (const [name, kind] of Object.entries(CALLOUTS)) RENDER[name] = (node, walk) => quote(section(kind, walk.blocks(kids(node))));

function card(node: Node, walk: Walk, props: Record<string, unknown>): string {
  const title = str(props.title) ?? '';
  const body = walk.blocks(kids(node)).replace(/\s*\n\s*/g, ' ');
  const head = typeof props.href === 'string' ? link(title, props.href) : title ? `**${title}**` : '';
  return head ? `- ${head}${body ? `: ${body}` : ''}` : body;
}

/** Children that are list items, one per line (others keep their blocks). */
function tightList(node: Node, walk: Walk): string {
  const items = kids(node).map((child) => walk.blocks([child])).filter(Boolean);
  return items.every((i) => i.startsWith('- ')) ? items.join('\n') : items.join('\n\n');
}

/** Cards of a group as one list (other content keeps its blocks). */
function linkList(node: Node, walk: Walk): string {
  const items = kids(node).map((child) => walk.blocks([child])).filter(Boolean);
  return items.every((i) => i.startsWith('- ') && !i.includes('\n')) ? items.join('\n') : items.join('\n\n');
}

/** Code blocks of a group, each under its title. */
function labelledCode(node: Node, walk: Walk): string {
  return kids(node)
    .map((child) => {
      if (child.type !== 'mdxJsxFlowElement' || child.name !== 'FolioCode') return walk.blocks([child]);
      const props = walk.props(child);
      return section(str(props.title), code(child, { ...props, title: undefined }));
    })
    .filter(Boolean)
    .join('\n\n');
}

/** Markdown of a component element (flow or inline). */
export function componentMarkdown(name: string, node: Node, walk: Walk): string {
  const render = RENDER[name];
  if (render) return render(node, walk, walk.props(node));
  return node.type === 'mdxJsxTextElement' ? walk.inline(kids(node)) : walk.blocks(kids(node));
}
