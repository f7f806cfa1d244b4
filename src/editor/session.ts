/**
 * One editing session: a project's branch checked out on the server, with the drafts of the
 * database applied to its files. Writers read pages from it, their drafts are written into it as
 * they type (the database stays the record: a new session, another server, applies them again),
 * previews are rendered from it with Folio's renderer in untrusted mode (page bodies compiled in a
 * sandboxed process), and publishing commits it with the writer as author and pushes it.
 */
import { randomBytes } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as Y from 'yjs';
import { findBrokenLinks, forgeGitCredentials, pullRequestProviderFor, type BrokenLink, type GithubOptions, type GitlabOptions } from '../agent/index.js';
import { pageFromText } from '../content/index.js';
import { appendSharedUpdates, clearPublishedDrafts, compactSharedUpdates, deleteEditorDraft, dropSharedDoc, exchangePresence, getEditorDraft, listEditorDrafts, moveEditorThreads, readSharedUpdates, rebaseEditorDraft, restartSharedDoc, saveEditorDraft, startSharedDoc, type Database, type EditorDraft, type ProjectRow, type PullRequestDraft } from '../db/index.js';
import { fileAtCommit, fileHistory, GitError, gitClient, localWorkingCopy, WorkBranch, type FileCommit, type GitCredentials } from '../git/index.js';
import type { BuiltAsset, siteAssets, SiteRenderer } from '../render/index.js';
import { ContainmentError, matchRedirect, prefixCssUrls, prefixHtmlUrls, realPathInside, redirectRules, removeFileInside, removeTree, resolveInside, writeFileInside, type Diagnostic } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { EditorError } from './codes.js';
import type { SharedDocSignals } from './shared-signals.js';
import { applyNavEdit, removePage, renamePage, type NavEdit } from './docs-json.js';
import type { NavOutline } from './nav-outline.js';
import { checkEditableFile, checkPageFile, pageEntryOf } from './paths.js';
import { BlockCache, blockKey, joinForCompile, splitCompiled, splitPreviewBlocks } from './preview-blocks.js';
import { previewFileKind } from './preview-files.js';
import { blobHash, breadcrumbsOf, checkImageUpload, checkTextSave, navigationOf, newPageText, outlineOf, withNewPage, writeCheckedDocsJson, type NavItem, type NavSection } from './site-files.js';

type PreviewLayers = [typeof import('../site/index.js'), typeof import('../render/index.js'), typeof import('../site-build/index.js')];
let previewLayers: Promise<PreviewLayers> | undefined;
/** site-build once loaded: `close()` stops a preview process only a loaded layer can have started. */
let buildLayer: PreviewLayers[2] | undefined;

/**
 * The site, render and site-build layers (loading the site, laying out and compiling previews: the MDX
 * stack, some 500 modules), loaded by the first session that reads its site, not with the editor: a
 * server whose editor nobody opens, and every test file that starts a dashboard, loads none of them.
 */
function layers(): Promise<PreviewLayers> {
  previewLayers ??= Promise.all([import('../site/index.js'), import('../render/index.js'), import('../site-build/index.js')]).then((loaded) => {
    buildLayer = loaded[2];
    return loaded;
  });
  return previewLayers;
}

export interface EditorUser {
  id: string;
  email: string;
}

/** What the session needs from the server around it. */
/** The longest a shared-editing sync waits for a change before it answers with nothing new. */
export const MAX_SHARED_WAIT_MS = 20_000;

export interface EditorSessionOptions {
  db: Database;
  /** Folder of this session's checkout (owned by it). */
  dir: string;
  /** URL path the preview's assets and repository files are served under (the renderer's base path). */
  assetBase: string;
  credentials?: GitCredentials;
  github?: GithubOptions;
  /** GitLab's token reaches a GitLab repository's clone and pushes through git's credential helper, as GitHub's does. */
  gitlab?: GitlabOptions;
  log?: (line: string) => void;
  /** Where shared-editing syncs wait for a page's next change (long polling); none: they answer at once. */
  signals?: SharedDocSignals;
  /** A preview's page time limit in milliseconds (default the builds' 10 s). */
  pageTimeoutMs?: number;
}

/**
 * The preview's fast path for one text (`blockPreview`): each top-level block's key in order, with the
 * HTML of those the asker did not list as known; or why the page takes the whole-page path only.
 */
export type BlockPreview = { ok: true; blocks: { key: string; html?: string }[] } | { ok: false; reason: 'no-site' | 'not-a-page' | 'frontmatter' | 'imports' | 'reference' | 'errors' | 'structure' };

/** Past this many blocks missing from the cache, one compile of the whole body (cut back per block) is cheaper than one per block. */
const BLOCKS_ONE_BY_ONE = 3;

export interface PreviewResult {
  ok: boolean;
  /** Version of the last good preview (the one served at the preview URL). */
  version: number;
  diagnostics: { line: number; column: number; severity: string; code: string; message: string }[];
}

/** How a publish ended: the site update it started, or the pull request and preview it opened. */
export type PublishResult =
  | { kind: 'site'; commit: string; files: string[]; updateId: string }
  | { kind: 'pull-request'; commit: string; files: string[]; pullRequestUrl: string; previewUrl: string | null };

/** What publishing asks of the hosting around the editor (the dashboard passes the admin services). */
export interface PublishHooks {
  triggerUpdate(): Promise<{ id: string }>;
  triggerPreview(branch: string): Promise<{ url: string } | null>;
  /** Folio's public URL, for the pull request pages it records (`<url>/pulls/<id>`). */
  publicUrl: string;
}

interface Loaded {
  site: Site | null;
  diagnostics: Diagnostic[];
  renderer: SiteRenderer | null;
  tailwind: BuiltAsset | null;
  assets: Awaited<ReturnType<typeof siteAssets>>;
}

const draftBytes = (d: Pick<EditorDraft, 'encoding' | 'content'>) => (d.encoding === 'base64' ? Buffer.from(d.content, 'base64') : Buffer.from(d.content, 'utf8'));

export class EditorSession {
  private work: WorkBranch | null = null;
  private loaded: Loaded | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Each page's last good preview; with the text and the site it was rendered from when a save made it (see saveText). */
  private readonly previews = new Map<string, { html: string; version: number; text?: string; site?: unknown; diagnostics?: PreviewResult['diagnostics'] }>();
  /** Files whose conflict a publish showed; the writer's next save of one is made over the other version. */
  private readonly conflicted = new Set<string>();
  private previewVersion = 0;
  /** The fast path's compiled blocks (`blockPreview`), for the site they were compiled against. */
  private readonly blockCache = new BlockCache();
  private blockCacheSite: Site | null = null;
  /** The paragraph put between blocks compiled together (`joinForCompile`): nothing a page says by chance. */
  private readonly blockToken = `folioblock${randomBytes(8).toString('hex')}`;
  /** Drafts the last sync could not write into the checkout (a path through a link), with why: reported, not applied. */
  private readonly unwritable = new Map<string, string>();
  /** Set when the service let this session go (`dispose`): its checkout is gone, nothing more runs on it. */
  private closed = false;
  /** When the checkout last caught up with the remote. */
  syncedAt = 0;

  constructor(
    readonly project: ProjectRow,
    readonly branch: string,
    private readonly opts: EditorSessionOptions,
  ) {}

  /** URL path the session's previews link their files and pages under (a shared preview link rewrites it to its own). */
  get assetBase(): string {
    return this.opts.assetBase;
  }

  /** The site folder inside the checkout (the project's docs folder). */
  get root(): string {
    const root = resolveInside(this.opts.dir, this.project.docsDir || '.');
    if (!root) throw new EditorError('EDITOR_NO_SITE', `The project's docs folder "${this.project.docsDir}" leaves the repository.`);
    return root;
  }

  /** Path of a docs-folder file inside the repository, for git. */
  private repoPath(file: string): string {
    return path.posix.join(this.project.docsDir || '.', file).replace(/^\.\//, '');
  }

  /** Run `fn` after every earlier operation of this session (one checkout, one writer of its files at a time). */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const guarded = () => {
      if (this.closed) throw new EditorError('EDITOR_SESSION_CLOSED', `The editing session of "${this.branch}" was closed to make room for others (the server keeps a limited number open); reload the editor. Your saved drafts are kept.`, 409);
      return fn();
    };
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Clone or fetch the branch, reset the files to its tip, apply the drafts, load the site. */
  sync(): Promise<void> {
    return this.run(() => this.syncNow());
  }

  private async syncNow(): Promise<void> {
    const [, [, , { warmPageCompiler }]] = await Promise.all([this.checkout(), layers()]);
    // The preview's sandboxed processes start while the drafts are applied and the site loads (the keystroke
    // blocks' one after the whole page's: the first key of the page does not wait for a process to start).
    warmPageCompiler(this.opts.dir, this.root, ['page', 'blocks']);
    // A draft the checkout cannot take (stored before such paths were refused: its folder is a link of
    // the repository) is skipped and reported; the branch's other drafts still apply.
    this.unwritable.clear();
    for (const draft of await listEditorDrafts(this.opts.db, this.project.id, this.branch)) {
      try {
        await this.writeTree(draft);
      } catch (err) {
        if (!(err instanceof EditorError && err.code === 'EDITOR_PATH_NOT_WRITABLE')) throw err;
        this.unwritable.set(draft.path, err.message);
        this.opts.log?.(`editor: draft ${draft.path} of ${this.project.id}/${this.branch} not applied: ${err.message}`);
      }
    }
    await this.reload();
  }

  private async checkout(): Promise<void> {
    try {
      this.work = await WorkBranch.checkout({ repository: this.project.repoUrl, base: this.project.branch, branch: this.branch, dir: this.opts.dir, credentials: this.opts.credentials ?? forgeGitCredentials(this.project.repoUrl, { github: this.opts.github, gitlab: this.opts.gitlab }) ?? undefined });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new EditorError('EDITOR_CHECKOUT_FAILED', `The branch "${this.branch}" could not be checked out: ${message}`, 502);
    }
    this.syncedAt = Date.now();
    this.blobs.clear();
  }

  /** Put one draft into the checkout's files; EDITOR_PATH_NOT_WRITABLE when its path goes through a link. */
  private async writeTree(draft: Pick<EditorDraft, 'path' | 'encoding' | 'content'>): Promise<void> {
    if (draft.encoding === 'deleted') {
      await removeFileInside(this.root, draft.path);
      return;
    }
    try {
      await writeFileInside(this.root, draft.path, draftBytes(draft));
    } catch (err) {
      if (err instanceof ContainmentError) throw notWritable(draft.path, path.relative(this.root, err.target));
      throw err;
    }
  }

  /**
   * Refuse a new file whose path the checkout cannot take, before anything is drafted: a part of it
   * is a symbolic link of the repository (checked out as a plain file holding the link's target, as
   * Folio's git keeps links) or any other file where a folder is needed, or the file itself is a link.
   */
  private async checkWritable(file: string): Promise<void> {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const rel = parts.slice(0, i).join('/');
      const at = resolveInside(this.root, rel);
      if (!at) throw notWritable(file, rel);
      const info = await lstat(at).catch(() => null);
      if (!info) return;
      if (info.isSymbolicLink() || (i < parts.length && !info.isDirectory())) throw notWritable(file, rel);
    }
  }

  /** Read the site again from the checkout's files. */
  private async reload(): Promise<void> {
    const [{ loadSite }, { siteAssets, siteTailwind, SiteRenderer }] = await layers();
    const [{ site, diagnostics }, assets] = await Promise.all([loadSite(this.root, { keepSource: true }), siteAssets()]);
    const tailwind = site ? await siteTailwind(site) : null;
    const renderer = site ? new SiteRenderer(site, { css: '/' + assets.css.file, js: '/' + assets.js.file, base: '/', tailwind: tailwind ? '/' + tailwind.file : undefined }, { basePath: this.opts.assetBase }) : null;
    this.loaded = { site, diagnostics, renderer, tailwind, assets };
  }

  private async state(): Promise<Loaded> {
    if (!this.loaded) await this.reload();
    return this.loaded!;
  }

  /** Blob ids of files at the checked-out commit, asked of git once per file and commit. */
  private readonly blobs = new Map<string, string | null>();

  /** The blob id of a file at the checked-out commit, or null when the commit has no such file. */
  private async committedBlob(file: string): Promise<string | null> {
    if (this.blobs.has(file)) return this.blobs.get(file)!;
    let blob: string | null;
    try {
      blob = (await gitClient(this.opts.dir).raw(['rev-parse', '--verify', '--quiet', `HEAD:${this.repoPath(file)}`])).trim() || null;
    } catch {
      // `--verify --quiet` exits 1 when the commit has no such file: a new file.
      blob = null;
    }
    this.blobs.set(file, blob);
    return blob;
  }

  /** The text of a file at the checked-out commit, or null. */
  private async committedText(file: string): Promise<string | null> {
    if ((await this.committedBlob(file)) === null) return null;
    return gitClient(this.opts.dir).raw(['show', `HEAD:${this.repoPath(file)}`]);
  }

  /** The file as the branch's drafts have it (null when it does not exist there). */
  private async currentBytes(file: string): Promise<Buffer | null> {
    const real = await realPathInside(this.root, file);
    if (!real.ok) return null;
    return readFile(real.path).catch(() => null);
  }

  // ------------------------------------------------------------------ reading

  /** The branches the repository has (as the last fetch saw them), this one included. */
  async branches(): Promise<string[]> {
    const out = await gitClient(this.opts.dir).raw(['for-each-ref', '--format=%(refname:strip=3)', 'refs/remotes/origin/']);
    const names = new Set(out.split('\n').filter((b) => b && b !== 'HEAD'));
    names.add(this.branch);
    return [...names].sort();
  }

  /** The drafts of the branch: what publishing would commit. */
  async drafts(): Promise<{ path: string; change: 'added' | 'modified' | 'deleted'; updatedAt: Date; problem?: string }[]> {
    const rows = await listEditorDrafts(this.opts.db, this.project.id, this.branch);
    return rows.map((d) => {
      const problem = this.unwritable.get(d.path);
      return { path: d.path, change: d.encoding === 'deleted' ? 'deleted' : d.baseHash === null ? 'added' : 'modified', updatedAt: d.updatedAt, ...(problem ? { problem } : {}) };
    });
  }

  /**
   * Internal links that would lead nowhere once the drafts are published: in the pages the drafts
   * change, and anywhere into a page they delete without a redirect (a rename adds one). Reported
   * before publishing; it does not stop it.
   */
  async brokenLinks(): Promise<BrokenLink[]> {
    return this.run(async () => {
      const drafts = await listEditorDrafts(this.opts.db, this.project.id, this.branch);
      if (drafts.length === 0) return [];
      const changed = new Set(drafts.filter((d) => d.encoding !== 'deleted').map((d) => d.path));
      const { site } = await this.state();
      const rules = redirectRules((site?.config.redirects ?? []).map((r) => ({ ...r, permanent: r.permanent ?? true })));
      const gone = new Set(
        drafts
          .filter((d) => d.encoding === 'deleted' && /\.mdx?$/i.test(d.path))
          .map((d) => `/${d.path.replace(/\.mdx?$/i, '')}`)
          .filter((page) => !matchRedirect(rules, page)),
      );
      const pageOf = (target: string) => target.split(/[#?]/)[0]!.replace(/\/+$/, '');
      return (await findBrokenLinks(this.root)).filter((b) => changed.has(b.file) || gone.has(pageOf(b.target)));
    });
  }

  /** The site's navigation as the sidebar draws it, one entry per section, and the site's problems. */
  async navigation(): Promise<{ sections: NavSection[]; hidden: NavItem[]; problems: string[] }> {
    return this.run(async () => {
      const { site, diagnostics } = await this.state();
      const drafted = site ? new Set((await listEditorDrafts(this.opts.db, this.project.id, this.branch)).map((d) => d.path)) : new Set<string>();
      const nav = navigationOf(site, diagnostics, drafted);
      return { ...nav, problems: [...[...this.unwritable].map(([file, why]) => `${file}: draft not applied: ${why} Discard it.`), ...nav.problems] };
    });
  }

  /** A file's text (a page or docs.json) as the branch's drafts have it. */
  async readText(file: string): Promise<{ file: string; text: string; draft: boolean; breadcrumbs: string[] }> {
    checkEditableFile(file);
    return this.run(async () => {
      const bytes = await this.currentBytes(file);
      if (bytes === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" on the branch "${this.branch}".`, 404);
      const draft = await getEditorDraft(this.opts.db, this.project.id, this.branch, file);
      const { site } = await this.state();
      return { file, text: bytes.toString('utf8'), draft: draft !== null, breadcrumbs: breadcrumbsOf(site, file) };
    });
  }

  // ------------------------------------------------------------------ drafts

  /** Store one file's draft (or drop it when the text is back to the committed one) and write it into the checkout. */
  private async draft(file: string, encoding: EditorDraft['encoding'], content: string, user: EditorUser): Promise<void> {
    const committed = await this.committedBlob(file);
    const same = encoding === 'deleted' ? committed === null : committed !== null && blobHash(draftBytes({ encoding, content })) === committed;
    const existing = await getEditorDraft(this.opts.db, this.project.id, this.branch, file);
    // Written first: a file the checkout cannot take is refused with nothing stored.
    await this.writeTree({ path: file, encoding, content });
    if (same) await deleteEditorDraft(this.opts.db, this.project.id, this.branch, file);
    else {
      // The base is what the first draft of the file started from; a later save keeps it, but for a
      // file whose conflict was shown: saving it again is the writer's answer, made over their version.
      await saveEditorDraft(this.opts.db, { projectId: this.project.id, branch: this.branch, path: file, encoding, content, baseHash: existing ? existing.baseHash : committed, updatedBy: user.id });
      if (existing && this.conflicted.delete(file)) await rebaseEditorDraft(this.opts.db, this.project.id, this.branch, file, committed);
    }
  }

  /**
   * Save the text of a page (or docs.json) as the writer typed it, then render its preview. A
   * docs.json that does not load is refused (nothing saved); a page with MDX errors is saved and its
   * errors come back with the last good preview kept.
   */
  async saveText(file: string, text: string, user: EditorUser): Promise<{ preview: PreviewResult | null }> {
    checkTextSave(file, text);
    return this.run(async () => {
      const before = await this.currentBytes(file);
      if (before === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" on the branch "${this.branch}"; add the page first.`, 404);
      if (file === 'docs.json') {
        await this.checkDocsJson(text);
        await this.draft(file, 'utf8', text, user);
        await this.reload();
        return { preview: null };
      }
      // Writers sharing a page each save the text they share: the same bytes again, on the same site,
      // keep the preview already rendered instead of compiling the whole page once per writer (bench:editor,
      // 5 writers on a 2,000-line page: every writer sent every keystroke's text).
      const kept = this.previews.get(file);
      if (kept?.text === text && kept.site !== undefined && kept.site === (await this.state()).site && before.equals(Buffer.from(text, 'utf8'))) return { preview: { ok: true, version: kept.version, diagnostics: kept.diagnostics ?? [] } };
      await this.draft(file, 'utf8', text, user);
      const { site } = await this.state();
      const [{ applyPageEdits, bodyOnlyEdits }] = await layers();
      const edits = site ? bodyOnlyEdits(site, [file]) : null;
      if (site && edits) applyPageEdits(site, edits);
      else await this.reload();
      const preview = await this.renderPreview(file);
      const rendered = this.previews.get(file);
      if (preview.ok && rendered?.version === preview.version) this.previews.set(file, { ...rendered, text, site: (await this.state()).site, diagnostics: preview.diagnostics });
      return { preview };
    });
  }

  /** Refuse a docs.json text that does not load as a site (the file is put back as it was). */
  private async checkDocsJson(text: string): Promise<void> {
    await writeCheckedDocsJson(this.root, text, await this.currentBytes('docs.json'));
  }

  // ------------------------------------------------------------------ preview

  /** Render the page's preview from the checkout; errors keep the last good one. */
  private async renderPreview(file: string): Promise<PreviewResult> {
    const { site, renderer, diagnostics } = await this.state();
    const kept = this.previews.get(file)?.version ?? 0;
    const shown = (list: Diagnostic[]) => list.filter((d) => d.file === file || d.file.endsWith('/' + file)).map((d) => ({ line: d.line, column: d.column, severity: d.severity, code: d.code, message: d.message }));
    if (!site || !renderer) return { ok: false, version: kept, diagnostics: shown(diagnostics).length ? shown(diagnostics) : diagnostics.slice(0, 5).map((d) => ({ line: d.line, column: d.column, severity: d.severity, code: d.code, message: `${d.file}: ${d.message}` })) };
    const route = [...site.model.pages.values()].find((r) => r.file === file);
    if (!route) return { ok: false, version: kept, diagnostics: [{ line: 1, column: 1, severity: 'error', code: 'EDITOR_PAGE_NOT_FOUND', message: `${file} is not a page of the site.` }] };
    const [, { pageSourceOf, siteVariables }, { compilePageIsolated }] = await layers();
    const source = pageSourceOf(site, route);
    if (source.kind !== 'mdx') return { ok: false, version: kept, diagnostics: [{ line: 1, column: 1, severity: 'error', code: 'EDITOR_PAGE_NOT_FOUND', message: `${file} could not be read.` }] };
    // Untrusted (`mdx/untrusted.ts`: no code of the repository runs), and in a sandboxed process kept
    // for this checkout, under the page time limit: not in the server's process (`site-build/isolated-compile.ts`).
    const result = await compilePageIsolated({ id: 0, ...source.job, markdown: false }, { checkout: this.opts.dir, root: site.root, variables: siteVariables(site), ...(this.opts.pageTimeoutMs ? { limits: { timeMs: this.opts.pageTimeoutMs } } : {}) });
    // A body that is not valid MDX is built as plain Markdown (a warning for a build); while typing it is
    // an error at its line, and the last good preview stays.
    const problems = [...diagnostics.filter((d) => d.file === file), ...source.problems, ...result.diagnostics].map((d) => (d.code === 'MDX_MARKDOWN_FALLBACK' ? { ...d, severity: 'error' as const } : d));
    const listed = shown(problems);
    if (problems.some((d) => d.severity === 'error')) return { ok: false, version: kept, diagnostics: listed };
    const html = renderer.render(route, { html: (source.suffix ?? '') === '' ? result.html : result.html + source.suffix, headings: result.headings, features: result.features });
    const version = ++this.previewVersion;
    this.previews.set(file, { html, version });
    return { ok: true, version, diagnostics: listed };
  }

  /**
   * The preview's fast path (issue 44): the blocks of `text` (the page as the writer has it now, not
   * saved), each compiled on its own in the same sandboxed process and untrusted mode as the whole
   * page, and cached by its source and the page's context (frontmatter, imports, the loaded site), so
   * that a keystroke compiles one block. Nothing is written and the session's queue is not waited on:
   * the whole-page preview of `saveText` stays the truth and replaces what this shows when it lands.
   * A text whose frontmatter or imports differ from the saved page's, a page with a generated
   * reference, a block with errors, or a body whose blocks do not compile back one by one answer
   * `ok: false`: the editor waits for the whole-page preview.
   */
  async blockPreview(file: string, text: string, known: readonly string[] = []): Promise<BlockPreview> {
    checkPageFile(file);
    checkTextSave(file, text);
    const { site } = await this.state();
    if (!site || this.closed) return { ok: false, reason: 'no-site' };
    const route = [...site.model.pages.values()].find((r) => r.file === file);
    const [, { pageSourceOf, siteVariables }, { compilePageIsolated }] = await layers();
    const source = route ? pageSourceOf(site, route) : null;
    if (!source || source.kind !== 'mdx') return { ok: false, reason: 'not-a-page' };
    if (source.suffix) return { ok: false, reason: 'reference' };
    const { page } = source;
    const head = page.source.slice(0, page.bodyOffset);
    if (!text.startsWith(head)) return { ok: false, reason: 'frontmatter' };
    const { esm, blocks } = splitPreviewBlocks(text.slice(page.bodyOffset));
    if (esm !== splitPreviewBlocks(source.job.source).esm) return { ok: false, reason: 'imports' };
    if (this.blockCacheSite !== site) {
      this.blockCache.clear();
      this.blockCacheSite = site;
    }
    const variables = siteVariables(site);
    const context = `${file}\0${head}\0${esm}\0${JSON.stringify(variables)}`;
    const keys = blocks.map((b) => blockKey(context, b));
    const missing = keys.flatMap((k, i) => (this.blockCache.get(k) === undefined ? [i] : []));
    const compile = async (body: string) => {
      const result = await compilePageIsolated({ id: 0, ...source.job, source: body, markdown: false }, { checkout: this.opts.dir, root: site.root, variables, lane: 'blocks', ...(this.opts.pageTimeoutMs ? { limits: { timeMs: this.opts.pageTimeoutMs } } : {}) });
      return result.diagnostics.some((d) => d.severity === 'error' || d.code === 'MDX_MARKDOWN_FALLBACK') ? null : result.html;
    };
    if (missing.length > BLOCKS_ONE_BY_ONE) {
      const html = await compile(joinForCompile(esm, blocks, this.blockToken));
      if (html === null) return { ok: false, reason: 'errors' };
      const pieces = splitCompiled(html, this.blockToken, blocks.length);
      if (!pieces) return { ok: false, reason: 'structure' };
      pieces.forEach((piece, i) => this.blockCache.set(keys[i]!, prefixHtmlUrls(piece, this.opts.assetBase)));
    } else {
      for (const i of missing) {
        const html = await compile(esm ? `${esm}\n\n${blocks[i]}\n` : `${blocks[i]}\n`);
        if (html === null) return { ok: false, reason: 'errors' };
        this.blockCache.set(keys[i]!, prefixHtmlUrls(html.trim(), this.opts.assetBase));
      }
    }
    const shown = new Set(known);
    const answer: { key: string; html?: string }[] = [];
    for (const key of keys) {
      const html = this.blockCache.get(key);
      // Dropped from a full cache meanwhile (a page of more blocks than it holds): the whole-page path.
      if (html === undefined) return { ok: false, reason: 'structure' };
      answer.push(shown.has(key) ? { key } : { key, html });
    }
    return { ok: true, blocks: answer };
  }

  /** Render the preview of a page as it is now (opening it). */
  preview(file: string): Promise<PreviewResult> {
    checkPageFile(file);
    return this.run(() => this.renderPreview(file));
  }

  /** Stop this session's preview process (the session let go); a later preview starts another. */
  close(): void {
    buildLayer?.stopPageCompiler(this.opts.dir);
  }

  /**
   * Let the session go for good (the service's cap): once the work queued before it is done, its
   * preview process stops and its checkout is deleted; later calls refuse with EDITOR_SESSION_CLOSED.
   * The drafts stay in the database: the branch opened again gets them back.
   */
  dispose(): Promise<void> {
    return this.run(async () => {
      this.closed = true;
      this.close();
      this.work = null;
      this.loaded = null;
      this.previews.clear();
      await removeTree(this.opts.dir);
    });
  }

  /** Whether `dispose` was called. */
  get disposed(): boolean {
    return this.closed;
  }

  /** The last good preview of a page, or null. */
  previewHtml(file: string): string | null {
    return this.previews.get(file)?.html ?? null;
  }

  /** A file the preview links (Folio's stylesheet and fonts; the repository's stylesheets, scripts, images and fonts), or null. */
  async previewAsset(pathname: string): Promise<{ body: string | Buffer; type: string } | null> {
    if (this.closed) return null;
    const { assets, tailwind, renderer, site } = await this.state();
    if (pathname === '/' + assets.css.file) return { body: assets.css.contents, type: 'text/css; charset=utf-8' };
    if (tailwind && pathname === '/' + tailwind.file) return { body: tailwind.contents, type: 'text/css; charset=utf-8' };
    const nav = renderer?.sharedFile(pathname);
    if (nav) return { body: nav.contents, type: 'text/html; charset=utf-8' };
    // Self-hosted fonts (`render/fonts.ts`): only the files a font package lists, by their exact names.
    const [, { fontFileSource }] = await layers();
    const font = pathname.startsWith('/assets/fonts/') ? fontFileSource(pathname.slice('/assets/fonts/'.length)) : undefined;
    if (font) return { body: await readFile(font), type: 'font/woff2' };
    const file = pathname.replace(/^\/+/, '');
    const kind = previewFileKind(site, file);
    if (!kind) return null;
    // Real path inside the docs folder only: a symlink out of it is not served.
    const real = await realPathInside(this.root, file);
    if (!real.ok) return null;
    const body = await readFile(real.path).catch(() => null);
    if (!body) return null;
    // Root-absolute `url(/images/x.png)` of the site's CSS is under the session's asset path here, as under a base path in a build.
    if (kind.kind === 'css') return { body: prefixCssUrls(body.toString('utf8'), this.opts.assetBase), type: kind.type };
    return { body, type: kind.type };
  }

  // ------------------------------------------------------------------ pages and images

  private async exists(file: string): Promise<boolean> {
    return (await this.currentBytes(file)) !== null || (await realPathInside(this.root, file)).ok;
  }

  private async docsJsonText(): Promise<string> {
    const bytes = await this.currentBytes('docs.json');
    if (!bytes) throw new EditorError('EDITOR_NO_SITE', 'The branch has no docs.json in the docs folder; the editor changes navigation there.');
    return bytes.toString('utf8');
  }

  /** Save a navigation change of docs.json as a draft, refused when the result does not load. */
  private async saveDocsJson(text: string, user: EditorUser): Promise<void> {
    await this.checkDocsJson(text);
    await this.draft('docs.json', 'utf8', text, user);
  }

  /** Add a page with a title, listed in the navigation after `besides` (a page file) or at the end of `group` (an outline id). */
  async createPage(file: string, title: string, user: EditorUser, besides?: string, group?: string): Promise<{ file: string }> {
    checkPageFile(file);
    const first = newPageText(title);
    return this.run(async () => {
      if (await this.exists(file)) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${file}" already exists on the branch; pick another name.`, 409);
      await this.checkWritable(file);
      await this.saveDocsJson(withNewPage(await this.docsJsonText(), file, besides, group), user);
      await this.draft(file, 'utf8', first, user);
      await this.reload();
      return { file };
    });
  }

  /** Delete a page and its navigation entries. */
  async deletePage(file: string, user: EditorUser): Promise<void> {
    checkPageFile(file);
    return this.run(async () => {
      if ((await this.currentBytes(file)) === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no page "${file}" on the branch.`, 404);
      await this.saveDocsJson(removePage(await this.docsJsonText(), pageEntryOf(file)), user);
      await this.draft(file, 'deleted', '', user);
      await this.dropShared(file);
      this.previews.delete(file);
      await this.reload();
    });
  }

  /** Rename (move) a page: its navigation entries and its comment threads follow, and its old address redirects to the new one. */
  async renamePage(from: string, to: string, user: EditorUser): Promise<{ file: string }> {
    checkPageFile(from);
    checkPageFile(to);
    return this.run(async () => {
      const text = await this.currentBytes(from);
      if (text === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no page "${from}" on the branch.`, 404);
      if (from === to || (await this.exists(to))) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${to}" already exists on the branch; pick another name.`, 409);
      await this.checkWritable(to);
      await this.saveDocsJson(renamePage(await this.docsJsonText(), pageEntryOf(from), pageEntryOf(to)), user);
      await this.draft(to, 'utf8', text.toString('utf8'), user);
      await this.draft(from, 'deleted', '', user);
      // The text moves unchanged, so each thread's quote and offset still hold in the new file.
      await moveEditorThreads(this.opts.db, { projectId: this.project.id, branch: this.branch }, from, to);
      await this.dropShared(from);
      this.previews.delete(from);
      await this.reload();
      return { file: to };
    });
  }

  /**
   * The navigation of docs.json as the editor arranges it: divisions, groups and page entries with
   * their ids, each page with its title and file when the site has it. Null without a docs.json
   * that parses (the sidebar then shows the site's problems).
   */
  async outline(): Promise<NavOutline | null> {
    return this.run(async () => {
      const bytes = await this.currentBytes('docs.json');
      return outlineOf(bytes ? bytes.toString('utf8') : null, bytes ? (await this.state()).site : null);
    });
  }

  /** Arrange the navigation (move pages and groups, add/rename/remove groups, add/rename tabs) as a docs.json draft; refused when the result does not load. */
  async editNavigation(edit: NavEdit, user: EditorUser): Promise<void> {
    return this.run(async () => {
      await this.saveDocsJson(applyNavEdit(await this.docsJsonText(), edit), user);
      await this.reload();
    });
  }

  /** Add an image to the repository (PNG, JPEG, GIF or WebP, checked from its bytes; at most 5 MB). */
  async uploadImage(file: string, bytes: Uint8Array, user: EditorUser): Promise<{ file: string; src: string }> {
    checkImageUpload(file, bytes);
    return this.run(async () => {
      if (await this.exists(file)) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${file}" already exists on the branch; rename the image.`, 409);
      await this.checkWritable(file);
      await this.draft(file, 'base64', Buffer.from(bytes).toString('base64'), user);
      return { file, src: '/' + file };
    });
  }

  /**
   * Run `fn` on the branch's files in the session's queue: the assets, redirects and settings managers
   * (`managers.ts`) read, draft and check files through it as the page and navigation edits do.
   */
  withFiles<T>(fn: (files: SessionFiles) => Promise<T>): Promise<T> {
    return this.run(() =>
      fn({
        root: this.root,
        read: (file) => this.currentBytes(file),
        exists: (file) => this.exists(file),
        checkWritable: (file) => this.checkWritable(file),
        draft: (file, encoding, content, user) => this.draft(file, encoding, content, user),
        docsJson: () => this.docsJsonText(),
        saveDocsJson: (text, user) => this.saveDocsJson(text, user),
        reload: () => this.reload(),
        drafted: async () => new Set((await listEditorDrafts(this.opts.db, this.project.id, this.branch)).map((d) => d.path)),
        shared: async (file) => {
          const open = await this.sharedText(file);
          open?.doc.destroy();
          return open !== null;
        },
      }),
    );
  }

  /** Drop the draft of a file: it is back to the branch's text. */
  async discard(file: string): Promise<void> {
    checkEditableFile(file);
    return this.run(async () => {
      await deleteEditorDraft(this.opts.db, this.project.id, this.branch, file);
      await this.dropShared(file);
      await this.syncNow();
    });
  }

  // ------------------------------------------------------------------ shared editing

  /**
   * Join the shared (Yjs) document of a page: started from the page's text when nobody has one, and
   * started again when its text is not the page's (changed outside the editor) while nobody is there.
   * Returns its generation and every update so far (the late joiner gets the current state).
   */
  async joinShared(file: string): Promise<{ generation: number; updates: { id: number; update: string }[] }> {
    checkPageFile(file);
    return this.run(async () => {
      const bytes = await this.currentBytes(file);
      if (bytes === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" on the branch "${this.branch}".`, 404);
      const text = bytes.toString('utf8');
      const key = { projectId: this.project.id, branch: this.branch, path: file };
      let generation = await startSharedDoc(this.opts.db, key, initialUpdate(text));
      let { updates } = await readSharedUpdates(this.opts.db, key, 0);
      const doc = new Y.Doc();
      for (const u of updates) Y.applyUpdate(doc, Buffer.from(u.update, 'base64'));
      const present = await exchangePresence(this.opts.db, key, '', null);
      if (doc.getText(SHARED_TEXT).toString() !== text && present.length === 0) {
        generation = await restartSharedDoc(this.opts.db, key, initialUpdate(text));
        ({ updates } = await readSharedUpdates(this.opts.db, key, 0));
      } else if (updates.length > COMPACT_AFTER) {
        // A long log (every keystroke of every writer) is merged into one update for the next joiners.
        await compactSharedUpdates(this.opts.db, key, generation, updates.at(-1)!.id, Buffer.from(Y.mergeUpdates(updates.map((u) => Buffer.from(u.update, 'base64')))).toString('base64'));
        ({ updates } = await readSharedUpdates(this.opts.db, key, 0));
      }
      doc.destroy();
      return { generation, updates };
    });
  }

  /**
   * Exchange with the shared document: store this writer's updates and presence, answer the updates
   * after `since` and the others' presence. `reset`: the document started again; join it anew.
   */
  async syncShared(file: string, input: { generation: number; since: number; updates: string[]; clientId: string; presence: string | null; waitMs?: number }): Promise<{ reset: boolean; updates: { id: number; update: string }[]; presence: { clientId: string; state: string }[] }> {
    checkPageFile(file);
    const key = { projectId: this.project.id, branch: this.branch, path: file };
    if (!(await appendSharedUpdates(this.opts.db, key, input.generation, input.updates))) return { reset: true, updates: [], presence: [] };
    const waiting = input.updates.length === 0 && input.waitMs && this.opts.signals;
    let presence = await exchangePresence(this.opts.db, key, input.clientId, input.presence);
    // A sync that sends nothing may wait for the page's next change: armed after this writer's own
    // presence is stored (its signal is not for it) and before reading (no change is missed).
    const wait = waiting ? await this.opts.signals!.arm(key, Math.min(input.waitMs!, MAX_SHARED_WAIT_MS)) : null;
    let { generation, updates } = await readSharedUpdates(this.opts.db, key, input.since);
    if (wait && generation === input.generation && updates.length === 0) {
      await wait.done;
      ({ generation, updates } = await readSharedUpdates(this.opts.db, key, input.since));
      presence = await exchangePresence(this.opts.db, key, input.clientId, null);
    } else wait?.cancel();
    return { reset: generation !== input.generation, updates, presence };
  }

  /** Forget the shared document of a file whose text was replaced outside the shared editing. */
  private dropShared(file: string): Promise<void> {
    return dropSharedDoc(this.opts.db, { projectId: this.project.id, branch: this.branch, path: file });
  }

  // ------------------------------------------------------------------ review: the text others' comments are on, history

  /** The page's text as writers see it now: its shared document's when one is open, else the branch's (drafts applied). */
  async currentText(file: string): Promise<string> {
    checkPageFile(file);
    return this.run(async () => (await this.sharedText(file))?.text ?? (await this.fileText(file)));
  }

  private async fileText(file: string): Promise<string> {
    const bytes = await this.currentBytes(file);
    if (bytes === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" on the branch "${this.branch}".`, 404);
    return bytes.toString('utf8');
  }

  /** The page's shared document (rebuilt from its updates) and its text, or null when nobody opened one. */
  private async sharedText(file: string): Promise<{ doc: Y.Doc; generation: number; text: string } | null> {
    const { generation, updates } = await readSharedUpdates(this.opts.db, { projectId: this.project.id, branch: this.branch, path: file }, 0);
    if (generation === null || updates.length === 0) return null;
    const doc = new Y.Doc();
    for (const u of updates) Y.applyUpdate(doc, Buffer.from(u.update, 'base64'));
    return { doc, generation, text: doc.getText(SHARED_TEXT).toString() };
  }

  /**
   * Change a page's text on a writer's behalf (an accepted suggestion, a restored version): `edit`
   * turns the current text into the new one. The change goes into the page's shared document when one
   * is open, as one update (the writers there see it at their next sync instead of overwriting it with
   * their copy), and becomes the page's draft, with its preview rendered as a save does.
   */
  async editText(file: string, edit: (text: string) => string, user: EditorUser): Promise<{ text: string; preview: PreviewResult }> {
    checkPageFile(file);
    return this.run(async () => {
      const shared = await this.sharedText(file);
      const before = shared?.text ?? (await this.fileText(file));
      const after = edit(before);
      checkTextSave(file, after);
      if (shared) {
        const ytext = shared.doc.getText(SHARED_TEXT);
        const seen = Y.encodeStateVector(shared.doc);
        const { at, removed, inserted } = changedSpan(before, after);
        shared.doc.transact(() => {
          if (removed) ytext.delete(at, removed);
          if (inserted) ytext.insert(at, inserted);
        });
        const update = Buffer.from(Y.encodeStateAsUpdate(shared.doc, seen)).toString('base64');
        shared.doc.destroy();
        // A document started again meanwhile (from the file's text) takes the draft below at its next join.
        await appendSharedUpdates(this.opts.db, { projectId: this.project.id, branch: this.branch, path: file }, shared.generation, [update]);
      }
      await this.draft(file, 'utf8', after, user);
      const { site } = await this.state();
      const [{ applyPageEdits, bodyOnlyEdits }] = await layers();
      const edits = site ? bodyOnlyEdits(site, [file]) : null;
      if (site && edits) applyPageEdits(site, edits);
      else await this.reload();
      return { text: after, preview: await this.renderPreview(file) };
    });
  }

  /** The commits of the branch that changed a page, newest first (at most `HISTORY_LIMIT`). */
  async history(file: string): Promise<FileCommit[]> {
    checkPageFile(file);
    return this.run(() => fileHistory(this.opts.dir, this.repoPath(file), { limit: HISTORY_LIMIT }));
  }

  /** A page's text at one commit of the branch; EDITOR_VERSION_NOT_FOUND when that commit has no such page. */
  async version(file: string, commit: string): Promise<string> {
    checkPageFile(file);
    return this.run(async () => {
      const text = /^[0-9a-f]{40,64}$/.test(commit) ? await fileAtCommit(this.opts.dir, commit, this.repoPath(file)) : null;
      if (text === null) throw new EditorError('EDITOR_VERSION_NOT_FOUND', `The branch "${this.branch}" has no version of "${file}" at "${commit.slice(0, 64)}"; pick one from the page's history.`, 404);
      return text;
    });
  }

  // ------------------------------------------------------------------ publish

  /**
   * Commit every draft as one commit with `user` as author and push it (the body of publishing and of
   * a branch's autosave). With no drafts, or drafts equal to the branch: null, or EDITOR_NOTHING_TO_PUBLISH
   * when `required`. Runs inside the session's queue.
   */
  private async commitNow(user: EditorUser, subject: string, required: boolean): Promise<{ commit: string; files: string[] } | null> {
    const drafts = await listEditorDrafts(this.opts.db, this.project.id, this.branch);
    if (drafts.length === 0) {
      if (!required) return null;
      throw new EditorError('EDITOR_NOTHING_TO_PUBLISH', 'There are no changes on this branch to publish.', 409);
    }
    await this.checkout();
    const conflicts: { path: string; theirs: string | null; yours: string | null }[] = [];
    for (const d of drafts) {
      const now = await this.committedBlob(d.path);
      const wanted = d.encoding === 'deleted' ? null : blobHash(draftBytes(d));
      if (now !== d.baseHash && now !== wanted) {
        conflicts.push({ path: d.path, theirs: d.encoding === 'base64' ? null : await this.committedText(d.path), yours: d.encoding === 'utf8' ? d.content : null });
      }
    }
    for (const d of drafts) await this.writeTree(d);
    if (conflicts.length) {
      for (const c of conflicts) this.conflicted.add(c.path);
      await this.reload();
      throw new EditorError('EDITOR_CONFLICT', `Someone else changed ${conflicts.map((c) => c.path).join(', ')} on "${this.branch}" since you began editing. Compare both versions, then save the text you want (it replaces theirs) or discard your draft, and publish again.`, 409, conflicts);
    }
    const [{ loadSite }] = await layers();
    const { site, diagnostics } = await loadSite(this.root, { openapi: false });
    if (!site) throw new EditorError('EDITOR_DOCS_JSON_INVALID', `The drafts leave docs.json unusable: ${diagnostics[0]?.message ?? 'it does not load'}.`);
    const work = this.work!;
    const name = user.email.split('@')[0] || user.email;
    const commit = await work.commitAll(`${subject}\n\nPublished from the Folio web editor by ${user.email}.`, { name, email: user.email });
    const files = drafts.map((d) => d.path);
    if (commit === null) {
      await clearPublishedDrafts(this.opts.db, this.project.id, this.branch, drafts);
      await this.reload();
      if (!required) return null;
      throw new EditorError('EDITOR_NOTHING_TO_PUBLISH', 'The drafts are the same as the branch already has; there is nothing to publish.', 409);
    }
    try {
      await work.push();
    } catch (err) {
      await gitClient(this.opts.dir).raw(['reset', '-q', '--soft', 'HEAD~1']).catch(() => undefined);
      // A working copy will refuse every try: the message says what to do instead.
      if (err instanceof GitError && (await localWorkingCopy(this.project.repoUrl)) !== null) throw new EditorError('EDITOR_PUBLISH_FAILED', `${err.message} Your drafts are kept.`, 409);
      const why = err instanceof GitError ? err.message : String(err);
      throw new EditorError('EDITOR_PUBLISH_FAILED', `The commit could not be pushed (${why}). Your drafts are kept; try again.`, 502);
    }
    this.blobs.clear();
    await clearPublishedDrafts(this.opts.db, this.project.id, this.branch, drafts);
    this.opts.log?.(`editor: ${user.email} published ${files.length} file(s) to ${this.project.id}/${this.branch} as ${commit.slice(0, 12)}`);
    await this.reload();
    return { commit, files };
  }

  /** Commit and push the branch's drafts (a branch's autosave, "Save in branch"); null when there was nothing to save. */
  saveToBranch(user: EditorUser, message: string): Promise<{ commit: string; files: string[] } | null> {
    return this.run(() => this.commitNow(user, message.trim() || 'Save from the web editor', false));
  }

  /** What a pull request of this branch into the deployment branch says: title, body and the diff against the base. */
  pullRequestOf(title: string, body: string): Promise<PullRequestDraft> {
    return this.run(async () => {
      if (!this.work) await this.checkout();
      return { jobId: null, projectId: this.project.id, repository: this.project.repoUrl, baseBranch: this.project.branch, headBranch: this.branch, title: title.slice(0, 200), body, diff: await this.work!.diff() };
    });
  }

  /** Run `fn` with the branch freshly fetched (a merge: its fast-forward of the base), then read the branch again. */
  withFreshCheckout<T>(fn: (work: WorkBranch) => Promise<T>): Promise<T> {
    return this.run(async () => {
      await this.checkout();
      try {
        return await fn(this.work!);
      } finally {
        await this.reload();
      }
    });
  }

  /**
   * Commit every draft of the branch as one commit with `user` as author and push it. The branch is
   * fetched first: a file someone else changed since its draft began is a conflict (refused, with
   * both texts; nothing is overwritten). On the deployment branch the site update starts; on another
   * branch a pull request into the deployment branch is opened and its preview started.
   */
  async publish(user: EditorUser, message: string, hooks: PublishHooks): Promise<PublishResult> {
    const subject = message.trim() || 'Update from the web editor';
    return this.run(async () => {
      const { commit, files } = (await this.commitNow(user, subject, true))!;
      const work = this.work!;
      if (this.branch === this.project.branch) {
        const update = await hooks.triggerUpdate();
        return { kind: 'site', commit, files, updateId: update.id };
      }
      const provider = pullRequestProviderFor({ db: this.opts.db, publicUrl: hooks.publicUrl, github: this.opts.github }, this.project.repoUrl);
      const pullRequestUrl = await provider.ensure({
        jobId: null,
        projectId: this.project.id,
        repository: this.project.repoUrl,
        baseBranch: this.project.branch,
        headBranch: this.branch,
        title: subject.split('\n')[0]!.slice(0, 200),
        body: `Published from the Folio web editor by ${user.email}.\n\nFiles:\n${files.map((f) => `- ${f}`).join('\n')}`,
        diff: await work.diff(),
      });
      const preview = await hooks.triggerPreview(this.branch);
      return { kind: 'pull-request', commit, files, pullRequestUrl, previewUrl: preview?.url ?? null };
    });
  }
}

/** What `EditorSession.withFiles` gives the managers: the branch's files as its drafts have them, and ways to draft them. */
export interface SessionFiles {
  /** The docs folder of the checkout. */
  root: string;
  read(file: string): Promise<Buffer | null>;
  exists(file: string): Promise<boolean>;
  /** EDITOR_PATH_NOT_WRITABLE when a new file's path goes through a link of the repository. */
  checkWritable(file: string): Promise<void>;
  draft(file: string, encoding: EditorDraft['encoding'], content: string, user: EditorUser): Promise<void>;
  docsJson(): Promise<string>;
  /** Save docs.json as a draft; EDITOR_DOCS_JSON_INVALID (nothing saved) when it does not load as a site. */
  saveDocsJson(text: string, user: EditorUser): Promise<void>;
  /** Read the site again from the files (after an edit). */
  reload(): Promise<void>;
  /** Paths the branch has drafts of. */
  drafted(): Promise<Set<string>>;
  /** Whether a page has a shared (Yjs) document: writers have it open, and a change of its text goes through `editText`. */
  shared(file: string): Promise<boolean>;
}

/** The refusal of a file the checkout cannot take; `part` is the piece of its path that is a link or a file. */
function notWritable(file: string, part: string): EditorError {
  return new EditorError(
    'EDITOR_PATH_NOT_WRITABLE',
    `"${file}" cannot be written: "${part}" in its path is a symbolic link of the repository (the editor never writes through one) or a file where a folder is needed. Pick a path through real folders.`,
    409,
  );
}

/** Commits a page's history lists at most. */
export const HISTORY_LIMIT = 50;

/**
 * The one span where `before` and `after` differ (common head and tail kept), never cutting a
 * UTF-16 surrogate pair in two: Yjs stores the halves of a split pair as replacement characters.
 */
export function changedSpan(before: string, after: string): { at: number; removed: number; inserted: string } {
  const high = (code: number) => code >= 0xd800 && code <= 0xdbff;
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  if (head > 0 && high(before.charCodeAt(head - 1))) head--;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  if (tail > 0 && high(before.charCodeAt(before.length - tail - 1))) tail--;
  return { at: head, removed: before.length - head - tail, inserted: after.slice(head, after.length - tail) };
}

/** Updates of a shared document past which a join merges them into one. */
const COMPACT_AFTER = 200;

/** Name of the shared document's text (the page source) in its Yjs document; the browser uses the same. */
export const SHARED_TEXT = 'source';

/** A Yjs update (base64) of a document holding `text`: the first update of a page's shared document. */
function initialUpdate(text: string): string {
  const doc = new Y.Doc();
  doc.getText(SHARED_TEXT).insert(0, text);
  const update = Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
  doc.destroy();
  return update;
}

