/**
 * The `<ParamField>`s of a hand-written endpoint page (`api:` frontmatter): where each parameter
 * goes (`path`, `query`, `header`, `cookie`, `body`), its type, whether it is required and its
 * default or placeholder, read from the tags' literal attributes outside code fences. They feed
 * the page's playground form and request samples; the page's MDX still draws them.
 */
export interface ParamFieldInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  type: string;
  required: boolean;
  /** `default`, else `placeholder`: the value the form and samples start with. */
  example?: string;
  enum?: string[];
}

const PLACES = ['path', 'query', 'header', 'cookie', 'body'] as const;

function attributes(tag: string): Map<string, string | true> {
  const out = new Map<string, string | true>();
  // name="v" | name='v' | name={"v"} | name={v} | bare name
  const re = /([A-Za-z_][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|([^{}]*?))\s*\}))?/g;
  for (const m of tag.matchAll(re)) {
    const value = m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7];
    out.set(m[1]!, value === undefined ? true : value.trim());
  }
  return out;
}

/** Every `<ParamField>` (and the older `<Param>`) of an MDX body. */
export function paramFieldsOf(source: string): ParamFieldInfo[] {
  const out: ParamFieldInfo[] = [];
  let fence: string | null = null;
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) fence = fence ? (m[1]!.startsWith(fence[0]!) ? null : fence) : m[1]!;
    else if (!fence) lines.push(line);
  }
  const text = lines.join('\n');
  for (const m of text.matchAll(/<(?:ParamField|Param)\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)\/?>/g)) {
    const attrs = attributes(m[1]!);
    const place = PLACES.find((p) => typeof attrs.get(p) === 'string');
    if (!place) continue;
    const name = attrs.get(place) as string;
    if (!name) continue;
    const required = attrs.get('required');
    const info: ParamFieldInfo = { name, in: place, type: typeof attrs.get('type') === 'string' ? (attrs.get('type') as string) : 'string', required: required === true || required === 'true' };
    const example = attrs.get('default') ?? attrs.get('placeholder');
    if (typeof example === 'string') info.example = example;
    out.push(info);
  }
  return out;
}

/** A JSON value for a body field: its example read as JSON when it parses as the type, else a neutral value of the type. */
export function bodyValueOf(field: ParamFieldInfo): unknown {
  const type = field.type.toLowerCase();
  if (field.example !== undefined) {
    if (type === 'string' || type === 'file') return field.example;
    try {
      return JSON.parse(field.example);
    } catch {
      return field.example;
    }
  }
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  if (type === 'object') return {};
  if (type.endsWith('[]') || type.startsWith('array')) return [];
  return '';
}
