import type { CST } from 'yaml';

/**
 * How deeply a spec may nest objects and arrays. The deepest spec of the corpora nests 26 levels
 * (formbricks' api-v2-reference), most stay under 20. The readers after parsing (the JSON parser,
 * YAML's composer, the validator, `$ref` bundling, the renderer's walks) recurse once per level: a
 * 4 KB JSON file 2,000 levels deep overflowed the stack of a build, and YAML's parser ran out of
 * memory at 10,000. Checked before anything recursive reads the text.
 */
export const MAX_SPEC_DEPTH = 128;

/**
 * Offset of the first collection of YAML's concrete syntax tree (what `Parser` makes, before the
 * recursive composer runs) that opens a level past `max`; walked with a stack of its own.
 */
export function yamlTooDeepAt(tokens: readonly CST.Token[], max = MAX_SPEC_DEPTH): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > max) return token.offset;
      for (const item of token.items) {
        if ('key' in item && item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * The path (keys and indices) to the first value past `max` levels of a parsed document, or
 * undefined. YAML aliases share values, so a short text can still nest deep (each alias adds its
 * anchor's depth); a value seen at least as deep before is not walked again.
 */
export function valueTooDeepPath(value: unknown, max = MAX_SPEC_DEPTH): string[] | undefined {
  interface Frame {
    node: object;
    depth: number;
    parent: Frame | undefined;
    key: string;
  }
  const deepestSeen = new Map<object, number>();
  const stack: Frame[] = value && typeof value === 'object' ? [{ node: value, depth: 1, parent: undefined, key: '' }] : [];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > max) {
      const path: string[] = [];
      for (let f: Frame | undefined = frame; f?.parent; f = f.parent) path.unshift(f.key);
      return path;
    }
    if ((deepestSeen.get(frame.node) ?? 0) >= frame.depth) continue;
    deepestSeen.set(frame.node, frame.depth);
    // Children pushed last first: the walk goes in document order, so the first place found is the first in the text.
    const entries = Object.entries(frame.node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (child && typeof child === 'object') stack.push({ node: child, depth: frame.depth + 1, parent: frame, key });
    }
  }
  return undefined;
}
