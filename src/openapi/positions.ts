import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

/** 1-based line and column. */
export interface LineColumn {
  line: number;
  column: number;
}

/** Maps JSON pointers of one spec text to line:column, for diagnostics. */
export interface PositionIndex {
  at(segments: readonly string[]): LineColumn;
}

/** Split a JSON pointer (`/paths/~1users/get`) into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .replace(/^\//, '')
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Line and column of an offset of `text`. */
export function lineColumnOf(text: string, offset: number): LineColumn {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/** Position index for JSON text: the deepest existing node on the pointer's path. */
export function jsonPositions(text: string): PositionIndex {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  return {
    at(segments) {
      if (!tree) return { line: 1, column: 1 };
      let node: JsonNode = tree;
      let offset = tree.offset;
      for (const segment of segments) {
        const child = childOf(node, segment);
        if (!child) break;
        // Point at the property key when there is one: that is what an editor highlights.
        offset = child.parent?.type === 'property' ? child.parent.offset : child.offset;
        node = child;
      }
      return lineColumnOf(text, offset);
    },
  };
}

function childOf(node: JsonNode, segment: string): JsonNode | undefined {
  if (node.type === 'array') return /^\d+$/.test(segment) ? findNodeAtLocation(node, [Number(segment)]) : undefined;
  if (node.type === 'object') return findNodeAtLocation(node, [segment]);
  return undefined;
}

/** Position index for YAML text, via the `yaml` package's node ranges and LineCounter. */
export function yamlPositions(text: string): PositionIndex {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: true, uniqueKeys: false });
  return {
    at(segments) {
      let node: unknown = doc.contents;
      let offset = (doc.contents as YamlNode | null)?.range?.[0] ?? 0;
      for (const segment of segments) {
        if (isMap(node)) {
          const pair = node.items.find((p) => String((p.key as { value?: unknown } | null)?.value ?? p.key) === segment);
          if (!pair) break;
          const key = pair.key as YamlNode | null;
          offset = key?.range?.[0] ?? offset;
          node = pair.value;
        } else if (isSeq(node)) {
          const item = node.items[Number(segment)] as YamlNode | undefined;
          if (!item) break;
          offset = item.range?.[0] ?? offset;
          node = item;
        } else break;
      }
      const pos = lineCounter.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
  };
}
