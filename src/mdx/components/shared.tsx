import type { ReactNode } from 'react';
import type { ClientFeature } from '../types.js';

/** Props as MDX passes them: anything, with optional children. */
export type AnyProps = Record<string, unknown> & { children?: ReactNode };

/** A prop as a string when it is a string or number, else undefined. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A prop as a boolean: MDX writes `required` (true) or `required={false}` or `required="true"`. */
export function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === '';
}

/** Join class names, skipping empty ones. */
export function cx(...names: Array<string | false | undefined | null>): string {
  return names.filter(Boolean).join(' ');
}

// Rendering is synchronous (renderToStaticMarkup), so one module-level collector is safe:
// components record the client islands they need while the page renders.
let activeFeatures: Set<ClientFeature> | null = null;

/** Run `fn` while collecting the client features components ask for. */
export function collectFeatures<T>(into: Set<ClientFeature>, fn: () => T): T {
  const previous = activeFeatures;
  activeFeatures = into;
  try {
    return fn();
  } finally {
    activeFeatures = previous;
  }
}

/** Called by a component during render: this page needs the given client island. */
export function needFeature(feature: ClientFeature): void {
  activeFeatures?.add(feature);
}

/** Text content of a React children tree, for labels and TeX sources. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (typeof node === 'object' && 'props' in node) {
    return textOf((node.props as { children?: ReactNode }).children);
  }
  return '';
}
