import type { SourcePosition } from '../../shared/index.js';

/** A field path inside the resolved configuration, e.g. `['navigation', 'tabs', 2]`. */
export type FieldPath = readonly (string | number)[];

/** Where a value (and, for object members, its key) sits in a source file. */
interface Span {
  file: string;
  value: number;
  key: number | undefined;
}

/** Line starts of one file, for offset → line/column. */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

const key = (path: FieldPath): string => path.join('\u0000');

/**
 * Maps field paths of the resolved configuration to the file, line and column
 * that held them, across `$ref` files. Paths not recorded fall back to the
 * nearest recorded ancestor, so every problem gets a position.
 */
export class SourceMap {
  private readonly spans = new Map<string, Span>();
  private readonly files = new Map<string, LineIndex>();

  constructor(private readonly rootFile: string) {}

  addFile(file: string, text: string): void {
    this.files.set(file, new LineIndex(text));
  }

  record(path: FieldPath, file: string, valueOffset: number, keyOffset?: number): void {
    this.spans.set(key(path), { file, value: valueOffset, key: keyOffset });
  }

  /**
   * Make `to` and everything under it resolve to the positions recorded for
   * `from` (used when mint.json fields move to their docs.json places).
   */
  alias(to: FieldPath, from: FieldPath): void {
    const fromKey = key(from);
    const toKey = key(to);
    const moved: [string, Span][] = [];
    for (const [k, span] of this.spans) {
      if (k === fromKey) moved.push([toKey, span]);
      else if (k.startsWith(fromKey + '\u0000')) moved.push([toKey + k.slice(fromKey.length), span]);
    }
    for (const [k, span] of moved) this.spans.set(k, span);
  }

  /** Position of the value at `path` (or of its nearest recorded ancestor). */
  locate(path: FieldPath): SourcePosition {
    return this.find(path, false);
  }

  /** Position of the key naming `path` (falls back to the value position). */
  locateKey(path: FieldPath): SourcePosition {
    return this.find(path, true);
  }

  /** Position of a raw offset in a file (used for syntax errors). */
  at(file: string, offset: number): SourcePosition {
    const index = this.files.get(file);
    const pos = index ? index.position(offset) : { line: 1, column: 1 };
    return { file, ...pos };
  }

  private find(path: FieldPath, preferKey: boolean): SourcePosition {
    for (let n = path.length; n >= 0; n--) {
      const span = this.spans.get(key(path.slice(0, n)));
      if (span) return this.at(span.file, preferKey && span.key !== undefined ? span.key : span.value);
    }
    return { file: this.rootFile, line: 1, column: 1 };
  }
}

/** `navigation.tabs[2].groups`: the display form of a field path. */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(root)';
}
