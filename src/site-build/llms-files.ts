/**
 * `llms.txt` and `llms-full.txt` at the root and under `/.well-known/`, and the page list of the MCP
 * server's search (`docs-index.json`). A repository's own `llms.txt` / `llms-full.txt` replaces the
 * generated one. `skill.md` beside them (`markdown/skill.ts`), the repository's own `skill.md` winning
 * too; none when a page's Markdown is already `skill.md` (a page at `/skill`).
 *
 * Incremental: the full text is a run of groups (a sidebar group's pages), and a group's text changes
 * only when one of its pages' Markdown keys, or its membership, does. `.folio-cache/llms.json` keeps each
 * group's signature and size from the previous build, so a rebuild makes only the groups it must
 * (from the Markdown of the pages it rendered, which it has in memory, and otherwise the `.md` the
 * build wrote beside each page) and takes the others from the previous full text (one read) or
 * leaves their parts of a split full text alone. Files whose contents did not change are not
 * written; `.well-known/llms-full.txt` is a hard link to `llms-full.txt`, written once.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writevSync } from 'node:fs';
import { link, lstat, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { chunksLength, DOCS_INDEX_FILE, GROUP_SEPARATOR, llmsGroups, LlmsText, markdownFileFor, SKILL_FILE, skillFile, type DocsIndexFile, type LlmsGroup } from '../markdown/index.js';
import { isDiscoverable } from '../navigation/index.js';
import type { SiteRenderer } from '../render/index.js';
import { hashText, noteOutputWrite, realPathInside, removeFileInside, resolveInside, writeFileInside } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { BUILD_FORMAT } from './build-cache.js';
import type { OutputWriter } from './output-writer.js';

/** Size of `llms-full.txt` past which it is split per section (bytes). */
export const DEFAULT_LLMS_FULL_MAX_BYTES = 8_000_000;

const STATE_FILE = '.folio-cache/llms.json';

/** What the previous build wrote, to decide what this one can keep (`.folio-cache/llms.json`). */
interface LlmsState {
  /** Format, site head, site URL and size limit: a change makes every group again. */
  key: string;
  /** The generated full text, as written (null when the repository's own replaced it). */
  full: { split: boolean; size: number; mtimeMs: number; ino: number } | null;
  /** Each group, in order: slug, signature (pages and their keys) and the bytes of its text. */
  groups: { slug: string; sig: string; bytes: number }[];
  /** Hash of the small files as written (`llms.txt`, `docs-index.json`, ...), to skip unchanged writes. */
  hashes: Record<string, string>;
}

export interface LlmsInput {
  site: Site;
  output: OutputWriter;
  renderer: SiteRenderer;
  siteUrl: string | undefined;
  maxFullBytes?: number;
  /** href → Markdown key of every planned page (a group whose pages' keys are unchanged is unchanged). */
  markdownKeys: ReadonlyMap<string, string>;
  /** The Markdown of pages this build wrote (href → the document's UTF-8 bytes); others are read from their `.md`. */
  rendered: ReadonlyMap<string, Uint8Array>;
  /** Use `.folio-cache/llms.json` (false: make everything, as a build without its cache does). */
  reuse: boolean;
}

/** Write the llms files; returns every file this build's output holds for them (site-relative), so later builds remove parts no longer made. */
export async function writeLlmsFiles(input: LlmsInput): Promise<string[]> {
  const { site, output, renderer, siteUrl, markdownKeys, rendered } = input;
  const maxFullBytes = input.maxFullBytes ?? DEFAULT_LLMS_FULL_MAX_BYTES;
  const outDir = output.outDir;
  const all = site.config.seo?.indexing === 'all';
  const groups = llmsGroups(site.model, (r) => {
    const flags = renderer.pageFlags(r);
    // Protected pages are for signed-in readers only: not in the public llms files nor the MCP/search index.
    return isDiscoverable(r, all) && !flags.noindex && !flags.protected;
  });
  const text = new LlmsText({ name: site.config.name, description: site.config.description, siteUrl });
  const key = hashText(BUILD_FORMAT, text.head, text.url(''), String(maxFullBytes));
  const previous = input.reuse ? await readState(outDir, key) : null;
  const sigs = groups.map((g) => hashText(g.label, g.slug, ...g.pages.flatMap((r) => [r.href, markdownKeys.get(r.href) ?? ''])));
  const before = new Map((previous?.groups ?? []).map((g, i) => [g.slug, { ...g, index: i }]));
  const clean = groups.map((g, i) => before.get(g.slug)?.sig === sigs[i]);

  // Read as needed, synchronously: thousands of small reads through the promise API cost more in
  // handles and callbacks than in reading. Bytes throughout: the full text is written from them.
  const markdownOf = (href: string): Uint8Array | null => {
    const known = rendered.get(href);
    if (known !== undefined) return known;
    const file = resolveInside(outDir, markdownFileFor(href));
    try {
      return file ? readFileSync(file) : null;
    } catch {
      // Not written (the page failed, or the output lost it): the file lists the page by title.
      return null;
    }
  };

  const own = {
    index: await readFile(path.join(site.root, 'llms.txt'), 'utf8').catch(() => null),
    full: await readFile(path.join(site.root, 'llms-full.txt'), 'utf8').catch(() => null),
    skill: await ownFile(site.root, SKILL_FILE),
  };
  const written: string[] = [];
  const writes: Promise<void>[] = [];
  const hashes: Record<string, string> = {};
  /** Write a small file unless the previous build wrote the same contents and it is still there. */
  const writeSmall = (rel: string, contents: string) => {
    const target = resolveInside(outDir, rel);
    if (!target) return;
    written.push(rel);
    const hash = (hashes[rel] = hashText(contents));
    if (previous?.hashes[rel] === hash && lstatSync(target, { throwIfNoEntry: false })?.isFile()) return;
    writes.push(output.write(target, contents));
  };

  let split = false;
  let full: LlmsState['full'] = null;
  const bytes: number[] = groups.map((g, i) => (clean[i] ? before.get(g.slug)!.bytes : 0));
  if (own.full === null) {
    let old: Buffer | null | undefined;
    /** The text of an unchanged group from the previous output (its bytes); null when it cannot be had. */
    const keptText = (i: number): Uint8Array[] | null => {
      const was = before.get(groups[i]!.slug)!;
      if (!previous?.full?.split) {
        old ??= previous?.full ? previousFullText(outDir, previous.full) : null;
        if (!old) return null;
        let at = Buffer.byteLength(text.fullPrefix);
        for (const g of previous!.groups.slice(0, was.index)) at += g.bytes + GROUP_SEPARATOR.length;
        return at + was.bytes <= old.length ? [old.subarray(at, at + was.bytes)] : null;
      }
      const prefix = Buffer.from(text.partFile(groups[i]!, ''));
      const part = resolveInside(outDir, text.partPath(groups[i]!));
      const onDisk = part ? readFileSync(part) : Buffer.alloc(0);
      return onDisk.subarray(0, prefix.length).equals(prefix) && onDisk.length - prefix.length === was.bytes ? [onDisk.subarray(prefix.length)] : null;
    };
    const textOf = (i: number): Uint8Array[] => {
      let t: Uint8Array[] | null = null;
      if (clean[i]) {
        try {
          t = keptText(i);
        } catch {
          // The previous output lost it: made again below.
        }
      }
      return t ?? text.groupChunks(groups[i]!, markdownOf);
    };
    // The groups that changed are made in order; once the total (with the known sizes of the
    // others) passes the limit, the text is split and each part is written as it is made, so at
    // most the limit's worth of text is held (a 50,000-page site has ~500 MB of Markdown).
    const parts = new PartWriter(outDir, output, written, writes);
    let total = bytes.reduce((a, b) => a + b, 0);
    // The unchanged groups alone may pass the limit (a rebuild with nothing to make): still split.
    if (total > maxFullBytes && groups.length > 1) split = true;
    const held = new Map<number, Uint8Array[]>();
    groups.forEach((g, i) => {
      if (clean[i]) return;
      const t = text.groupChunks(g, markdownOf);
      bytes[i] = chunksLength(t);
      total += bytes[i]!;
      if (!split && total > maxFullBytes && groups.length > 1) {
        split = true;
        for (const [j, held_] of held) parts.write(text.partPath(groups[j]!), text.partChunks(groups[j]!, held_));
        held.clear();
      }
      if (split) parts.write(text.partPath(g), text.partChunks(g, t));
      else held.set(i, t);
    });
    if (split) {
      groups.forEach((g, i) => {
        if (!clean[i]) return;
        const rel = text.partPath(g);
        // An unchanged part of a full text that was already split stays as it is.
        if (previous?.full?.split && lstatSync(path.join(outDir, rel), { throwIfNoEntry: false })?.isFile()) written.push(rel);
        else parts.write(rel, text.partChunks(g, textOf(i)));
      });
    }
    const sameOrder = previous !== null && previous.groups.map((g) => g.slug).join('\n') === groups.map((g) => g.slug).join('\n');
    const unchanged = previous?.full?.split === split && sameOrder && clean.every(Boolean);
    const make = () => (split ? text.splitFullFile(groups) : text.fullChunks(groups.map((_, i) => held.get(i) ?? textOf(i))));
    full = await writeFull(outDir, output, unchanged ? (previous?.full ?? null) : null, make, split, written, writes);
  } else {
    writes.push(writeLinked(outDir, output, own.full, written));
  }
  writeSmall('llms.txt', own.index ?? text.indexFile(groups, split));
  writeSmall('.well-known/llms.txt', own.index ?? text.indexFile(groups, split));
  if (!site.model.pages.has('/skill')) writeSmall(SKILL_FILE, own.skill ?? skillFile({ name: site.config.name, ...(site.config.description ? { description: site.config.description } : {}), ...(siteUrl ? { siteUrl } : {}) }, groups));

  // The page list the MCP server's search reads (with each page's `.md`); the static 404 page's
  // suggestions read it too, and leave out the pages marked `searchable: false`.
  const indexed: DocsIndexFile = {
    name: site.config.name,
    ...(site.config.description ? { description: site.config.description } : {}),
    pages: groups.flatMap((g) => g.pages.map((r) => ({ href: r.href, title: r.title, ...(r.description ? { description: r.description } : {}), section: g.label, ...(renderer.pageFlags(r).unsearchable ? { searchable: false as const } : {}) }))),
  };
  writeSmall(DOCS_INDEX_FILE, JSON.stringify(indexed));
  await Promise.all(writes);
  if (full) full = { ...full, ...(await fileIdentity(path.join(outDir, 'llms-full.txt'))) };
  const state: LlmsState = { key, full, groups: groups.map((g, i) => ({ slug: g.slug, sig: sigs[i]!, bytes: bytes[i]! })), hashes };
  await writeFileInside(outDir, STATE_FILE, JSON.stringify(state));
  return written;
}

/** A repository file that replaces a generated one, read only when its real path is inside the repository; null when absent. */
async function ownFile(root: string, name: string): Promise<string | null> {
  const found = await realPathInside(root, name);
  // A link out of the repository is not its file: the generated one stands.
  return found.ok ? readFile(found.path, 'utf8') : null;
}

async function readState(outDir: string, key: string): Promise<LlmsState | null> {
  try {
    const state = JSON.parse(await readFile(path.join(outDir, STATE_FILE), 'utf8')) as LlmsState;
    return state.key === key && Array.isArray(state.groups) ? state : null;
  } catch {
    // First build, or a cache from before: everything is made.
    return null;
  }
}

async function fileIdentity(file: string): Promise<{ size: number; mtimeMs: number; ino: number }> {
  const info = await stat(file).catch(() => null);
  return { size: info?.size ?? -1, mtimeMs: info?.mtimeMs ?? -1, ino: info?.ino ?? -1 };
}

/** The previous generated `llms-full.txt` as bytes, if it is still the file that build wrote (size, time and inode). */
function previousFullText(outDir: string, was: NonNullable<LlmsState['full']>): Buffer | null {
  const file = path.join(outDir, 'llms-full.txt');
  const now = statSync(file, { throwIfNoEntry: false });
  if (was.split || !now || now.size !== was.size || now.mtimeMs !== was.mtimeMs || now.ino !== was.ino) return null;
  try {
    return readFileSync(file);
  } catch {
    // Lost since: the groups are made again from the pages' Markdown.
    return null;
  }
}

/**
 * `llms-full.txt` and its `.well-known` link: kept when `unchanged` describes the file still there,
 * else written from `make()`. Returns what to remember of it (its identity is filled in once written).
 */
async function writeFull(outDir: string, output: OutputWriter, unchanged: LlmsState['full'], make: () => string | Uint8Array[], split: boolean, written: string[], writes: Promise<void>[]): Promise<LlmsState['full']> {
  if (unchanged) {
    const now = await fileIdentity(path.join(outDir, 'llms-full.txt'));
    if (now.size === unchanged.size && now.mtimeMs === unchanged.mtimeMs && now.ino === unchanged.ino) {
      written.push('llms-full.txt');
      writes.push(linkWellKnown(outDir, output, null, written));
      return unchanged;
    }
  }
  writes.push(writeLinked(outDir, output, make(), written));
  return { split, size: 0, mtimeMs: 0, ino: 0 };
}

/** Write `llms-full.txt` and make `.well-known/llms-full.txt` the same file. */
async function writeLinked(outDir: string, output: OutputWriter, contents: string | Uint8Array[], written: string[]): Promise<void> {
  const target = path.join(outDir, 'llms-full.txt');
  written.push('llms-full.txt');
  await output.write(target, contents);
  await linkWellKnown(outDir, output, contents, written);
}

/**
 * `.well-known/llms-full.txt` as a hard link to `llms-full.txt` (written in place, so the link
 * follows every later write); a copy where links cannot be made. `contents` is written for the
 * copy (read back from `llms-full.txt` when null).
 */
async function linkWellKnown(outDir: string, output: OutputWriter, contents: string | Uint8Array[] | null, written: string[]): Promise<void> {
  const source = path.join(outDir, 'llms-full.txt');
  const rel = '.well-known/llms-full.txt';
  const target = path.join(outDir, rel);
  written.push(rel);
  // Written through its link whenever `llms-full.txt` is: what changed for a hosted publish either way.
  noteOutputWrite(target);
  const [a, b] = await Promise.all([lstat(source).catch(() => null), lstat(target).catch(() => null)]);
  if (a && b && a.ino === b.ino && a.dev === b.dev) return;
  await output.prepare([target]);
  // A file (or planted link) in the way goes first; removeFileInside never follows links.
  if (b) await removeFileInside(outDir, rel);
  try {
    await link(source, target);
  } catch {
    // No hard links on this file system (or something still in the way): a copy.
    await output.write(target, contents ?? (await readFile(source)));
  }
}

/**
 * Parts of a split full text, written synchronously as they are made, so each is freed before
 * the next is assembled. The folder is made on the first part; a link or file in its place gets
 * the ordinary refusing write.
 */
class PartWriter {
  private ready: boolean | undefined;

  constructor(
    private readonly outDir: string,
    private readonly output: OutputWriter,
    private readonly written: string[],
    private readonly writes: Promise<void>[],
  ) {}

  write(rel: string, contents: Uint8Array[]): void {
    const target = resolveInside(this.outDir, rel);
    const dir = path.join(this.outDir, 'llms-full');
    this.ready ??= realFolder(dir);
    if (!target) return;
    this.written.push(rel);
    if (path.dirname(target) !== dir || !this.ready) {
      this.writes.push(this.output.write(target, contents));
      return;
    }
    noteOutputWrite(target);
    const fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
    try {
      const total = chunksLength(contents);
      const done = writevSync(fd, contents);
      // A short write (a full disk): the rest after it.
      if (done < total) writeFileSync(fd, Buffer.concat(contents).subarray(done));
    } finally {
      closeSync(fd);
    }
  }
}

/** Make `dir` (its parent exists and is trusted) unless there; true when it is a real folder, not a link. */
function realFolder(dir: string): boolean {
  try {
    mkdirSync(dir);
  } catch {
    // Already there (checked below), or not makeable (the caller falls back to the refusing write).
  }
  try {
    const info = lstatSync(dir);
    return info.isDirectory() && !info.isSymbolicLink();
  } catch {
    // Not makeable: the ordinary write reports why.
    return false;
  }
}

export type { LlmsGroup };
