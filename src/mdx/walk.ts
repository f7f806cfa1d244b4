import type { Nodes as MdastNodes } from 'mdast';

/** Depth-first walk over every mdast node (a plain loop: `visit` costs more on large pages). */
export function walkMdast(node: MdastNodes, fn: (node: MdastNodes) => void): void {
  fn(node);
  if ('children' in node) for (const child of node.children) walkMdast(child, fn);
}
