/**
 * The web editor over the writer's own docs folder, for `folio dev`: no git, no database, no
 * drafts. A save writes the file; pages are created, renamed (with a redirect) and deleted, and the
 * navigation arranged, through the same docs.json text edits as the dashboard's session; images are
 * written after the same type and size checks. Every path is checked by name (`paths.ts`) and then
 * written only as a real file inside the folder (`writeFileInside`: a symbolic link on the way is
 * refused). A docs.json that would not load is refused and the file left as it was.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jsonc from 'jsonc-parser';
import { configTooDeep } from '../config/index.js';
import { ContainmentError, realPathInside, removeFileInside, writeFileInside } from '../shared/index.js';
import { EditorError } from './codes.js';
import { applyNavEdit, removePage, renamePage, type NavEdit } from './docs-json.js';
import type { NavOutline } from './nav-outline.js';
import { checkEditableFile, checkPageFile, pageEntryOf } from './paths.js';
import { blobHash, breadcrumbsOf, checkImageUpload, checkTextSave, navigationOf, newPageText, outlineOf, withNewPage, writeCheckedDocsJson, type NavItem, type NavSection } from './site-files.js';

/** What the editor's page asks first (`state.json`), in the dashboard's shape: one "branch", no drafts. */
export interface LocalEditorState {
  branch: string;
  deploymentBranch: string;
  branches: string[];
  navigation: { sections: NavSection[]; hidden: NavItem[]; problems: string[] };
  outline: NavOutline | null;
  drafts: never[];
}

/** The name the editor shows where the dashboard shows a branch. */
const LOCAL = 'local';

export class LocalEditor {
  private queue: Promise<unknown> = Promise.resolve();
  /** Files whose change on disk a save was refused for: the next save of one is the writer's answer and is written. */
  private readonly changedOnDisk = new Set<string>();

  /** `root`: the docs folder (holds docs.json). */
  constructor(readonly root: string) {}

  /** Run `fn` after every earlier write (one writer of the folder's files at a time). */
  private run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** A file's bytes, or null when it is not there (or leads out of the folder). */
  private async bytes(file: string): Promise<Buffer | null> {
    const real = await realPathInside(this.root, file);
    if (!real.ok) return null;
    return readFile(real.path).catch(() => null);
  }

  private async exists(file: string): Promise<boolean> {
    const real = await realPathInside(this.root, file);
    return real.ok || real.reason === 'outside';
  }

  /** Write a file inside the folder; a symbolic link on the way is refused, not followed. */
  private async write(file: string, contents: string | Uint8Array): Promise<void> {
    try {
      await writeFileInside(this.root, file, contents);
    } catch (err) {
      throw err instanceof ContainmentError ? linkRefusal(file) : err;
    }
  }

  private async docsJsonText(): Promise<string> {
    const bytes = await this.bytes('docs.json');
    if (!bytes) throw new EditorError('EDITOR_NO_SITE', 'The docs folder has no docs.json; the editor changes the navigation there.');
    return bytes.toString('utf8');
  }

  /** The site's name from docs.json (for the editor's header), or the folder's name. */
  async siteName(): Promise<string> {
    const text = (await this.bytes('docs.json'))?.toString('utf8');
    // A docs.json too deep to parse (CONFIG_TOO_DEEP, shown with the site's problems) names no site.
    const name: unknown = text !== undefined && !configTooDeep(text) ? (jsonc.parse(text) as { name?: unknown } | undefined)?.name : undefined;
    return typeof name === 'string' && name.trim() ? name.trim() : path.basename(this.root);
  }

  /** The navigation as the sidebar draws it and docs.json's outline, from the files as they are now. */
  async state(): Promise<LocalEditorState> {
    return this.run(async () => {
      const { loadSite } = await import('../site/index.js');
      const { site, diagnostics } = await loadSite(this.root);
      const docs = await this.bytes('docs.json');
      return { branch: LOCAL, deploymentBranch: LOCAL, branches: [LOCAL], navigation: navigationOf(site, diagnostics, new Set()), outline: outlineOf(docs ? docs.toString('utf8') : null, site), drafts: [] };
    });
  }

  /** A page's (or docs.json's) text, its breadcrumbs, and the hash of its bytes (a save sends it back as its base). */
  async readText(file: string): Promise<{ file: string; text: string; draft: false; breadcrumbs: string[]; hash: string }> {
    checkEditableFile(file);
    return this.run(async () => {
      const bytes = await this.bytes(file);
      if (bytes === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" in the docs folder.`, 404);
      const { loadSite } = await import('../site/index.js');
      const { site } = await loadSite(this.root, { openapi: false });
      this.changedOnDisk.delete(file);
      return { file, text: bytes.toString('utf8'), draft: false, breadcrumbs: breadcrumbsOf(site, file), hash: blobHash(bytes) };
    });
  }

  /**
   * Write the text of an existing page (or docs.json, refused when it would not load) as given, byte
   * for byte; answers the hash of what is now on disk. `base`: the hash of the text the writer
   * started from; when the file changed on disk since (saved from another program), the save is
   * refused once (EDITOR_FILE_CHANGED) and the next one is written over it.
   */
  async saveText(file: string, text: string, base?: string): Promise<{ hash: string }> {
    checkTextSave(file, text);
    return this.run(async () => {
      const before = await this.bytes(file);
      if (before === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" in the docs folder; add the page first.`, 404);
      const hash = blobHash(text);
      if (base && base !== blobHash(before) && hash !== blobHash(before) && !this.changedOnDisk.delete(file)) {
        this.changedOnDisk.add(file);
        throw new EditorError('EDITOR_FILE_CHANGED', `${file} changed on disk since the editor read it (saved from another program?); your text was not written. Open the page again from the navigation to load the file as it is now, or type again to write your text over it.`, 409);
      }
      this.changedOnDisk.delete(file);
      if (file === 'docs.json') await writeCheckedDocsJson(this.root, text, before);
      else if (before.toString('utf8') !== text) await this.write(file, text);
      return { hash };
    });
  }

  /** Add a page with a title, listed after `besides` (a page file) or at the end of `group` (an outline id). */
  async createPage(file: string, title: string, besides?: string, group?: string): Promise<{ file: string }> {
    checkPageFile(file);
    const first = newPageText(title);
    return this.run(async () => {
      if (await this.exists(file)) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${file}" already exists; pick another name.`, 409);
      const docs = await this.docsJsonText();
      await this.write(file, first);
      await this.checkedDocsJson(withNewPage(docs, file, besides, group), async () => void (await removeFileInside(this.root, file)));
      return { file };
    });
  }

  /** Rename (move) a page: its navigation entries follow and its old address redirects to the new one. */
  async renamePage(from: string, to: string): Promise<{ file: string }> {
    checkPageFile(from);
    checkPageFile(to);
    return this.run(async () => {
      const text = await this.bytes(from);
      if (text === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no page "${from}" in the docs folder.`, 404);
      if (from === to || (await this.exists(to))) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${to}" already exists; pick another name.`, 409);
      const docs = await this.docsJsonText();
      await this.write(to, text);
      await this.checkedDocsJson(renamePage(docs, pageEntryOf(from), pageEntryOf(to)), async () => void (await removeFileInside(this.root, to)));
      await removeFileInside(this.root, from);
      return { file: to };
    });
  }

  /** Delete a page and its navigation entries. */
  async deletePage(file: string): Promise<void> {
    checkPageFile(file);
    return this.run(async () => {
      if ((await this.bytes(file)) === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no page "${file}" in the docs folder.`, 404);
      await this.checkedDocsJson(removePage(await this.docsJsonText(), pageEntryOf(file)));
      await removeFileInside(this.root, file);
    });
  }

  /** Arrange the navigation (`NavEdit`) as one docs.json edit; refused when the result does not load. */
  async editNavigation(edit: NavEdit): Promise<void> {
    return this.run(async () => this.checkedDocsJson(applyNavEdit(await this.docsJsonText(), edit)));
  }

  /** Add an image (PNG, JPEG, GIF or WebP, checked from its bytes; at most 5 MB) to the docs folder. */
  async uploadImage(file: string, bytes: Uint8Array): Promise<{ file: string; src: string }> {
    checkImageUpload(file, bytes);
    return this.run(async () => {
      if (await this.exists(file)) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${file}" already exists; rename the image.`, 409);
      await this.write(file, bytes);
      return { file, src: '/' + file };
    });
  }

  /** Write docs.json when it loads as a site; otherwise it is put back, `undo` runs, and the refusal is thrown. */
  private async checkedDocsJson(text: string, undo?: () => Promise<void>): Promise<void> {
    try {
      await writeCheckedDocsJson(this.root, text, await this.bytes('docs.json'));
    } catch (err) {
      await undo?.();
      throw err instanceof ContainmentError ? linkRefusal('docs.json') : err;
    }
  }
}

const linkRefusal = (file: string) => new EditorError('EDITOR_PATH_INVALID', `"${file}" is (or lies under) a symbolic link, or is not a file; the editor writes only real files inside the docs folder.`);
