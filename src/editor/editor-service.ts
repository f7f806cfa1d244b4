/**
 * The editing sessions of one server: one per (project, branch), each with its checkout in its own
 * folder under `workRoot`, shared by every writer of that branch on this server. Drafts live in the
 * database, so sessions of other servers on the same database see them when they sync.
 *
 * Sessions are capped (`maxSessionsPerProject`, `maxSessions`): opening one past a cap closes the
 * least recently used and deletes its checkout (its drafts stay in the database), and folders of
 * `workRoot` no session holds (an earlier process's) go too once they would pass the cap. Only
 * `create` opens a branch nobody knows yet (the dashboard's POSTs): a read never checks one out.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GithubOptions, GitlabOptions } from '../agent/index.js';
import { listEditorDrafts, type Database, type ProjectRow } from '../db/index.js';
import { checkBranchName, type GitCredentials } from '../git/index.js';
import { removeTree } from '../shared/index.js';
import { EditorBranches } from './branches.js';
import { EditorError } from './codes.js';
import { EditorSession } from './session.js';
import { SharedDocSignals } from './shared-signals.js';

export interface EditorServiceOptions {
  db: Database;
  /** Folder of the checkouts (`<data dir>/editor`). */
  workRoot: string;
  /** URL path of a session's preview files (stylesheets, images), from the project id and session key. */
  assetBase: (projectId: string, key: string) => string;
  credentialsFor?: (repoUrl: string) => GitCredentials | null;
  github?: GithubOptions;
  /** The GitLab token (`FOLIO_GITLAB_TOKEN`) checkouts of GitLab repositories are cloned and pushed with, through git's credential helper. */
  gitlab?: GitlabOptions;
  /** A session caught up with the remote longer ago than this fetches again when opened (default 30 s). */
  refreshMs?: number;
  /** A preview's page time limit in milliseconds (`folio serve --page-timeout`; default the builds' 10 s). */
  pageTimeoutMs?: number;
  log?: (line: string) => void;
  /** Open sessions (checkouts) of one project at most; the least recently used goes first (default 8). */
  maxSessionsPerProject?: number;
  /** Open sessions (checkouts) of all projects at most, folders left by earlier processes counted (default 32). */
  maxSessions?: number;
  /** How long after the last edit a branch made in the editor autosaves (default `AUTOSAVE_MS`, 5 s). */
  autosaveMs?: number;
}

/** Default caps of the open editing sessions, each a checkout on disk and perhaps a preview process. */
export const MAX_EDITOR_SESSIONS_PER_PROJECT = 8;
export const MAX_EDITOR_SESSIONS = 32;

/** How long opening a session waits for an evicted one to finish its work and lose its checkout. */
const EVICT_WAIT_MS = 5_000;

/** Short stable key of a (project, branch): the name of its checkout folder and of its preview URLs. */
export function sessionKey(projectId: string, branch: string): string {
  return createHash('sha256').update(`${projectId}\0${branch}`).digest('hex').slice(0, 16);
}

export class EditorService {
  private readonly sessions = new Map<string, EditorSession>();
  private readonly signals: SharedDocSignals;
  /** Branches made in the editor: autosave, draft pull requests, reviews, merges and preview links. */
  readonly branches: EditorBranches;

  constructor(private readonly opts: EditorServiceOptions) {
    this.signals = new SharedDocSignals(opts.db);
    this.branches = new EditorBranches(opts.db, { github: opts.github, autosaveMs: opts.autosaveMs, log: opts.log });
  }

  /**
   * The session of a project's branch, checked out before it is first handed out. `refresh` (opening
   * the editor, reading its state) also catches up with the remote when the last fetch is older than
   * `refreshMs`; saves do not, so typing never waits for a fetch.
   */
  async open(project: ProjectRow, branch: string, { refresh = true, create = true }: { refresh?: boolean; create?: boolean } = {}): Promise<EditorSession> {
    try {
      checkBranchName(branch);
    } catch (err) {
      throw new EditorError('EDITOR_BAD_REQUEST', err instanceof Error ? err.message : String(err));
    }
    const key = sessionKey(project.id, branch);
    let session = this.sessions.get(key);
    // A project whose repository, branch or folder changed gets a new session.
    if (session && (session.project.repoUrl !== project.repoUrl || session.project.docsDir !== project.docsDir || session.project.branch !== project.branch)) {
      session.close();
      this.sessions.delete(key);
      session = undefined;
    }
    if (session) {
      // Most recently used last: the caps close sessions from the front.
      this.sessions.delete(key);
      this.sessions.set(key, session);
    } else {
      if (!create && !(await this.known(project, branch))) {
        throw new EditorError('EDITOR_BRANCH_NOT_FOUND', `There is no branch "${branch}" in the repository yet. Create it from "${project.branch}" in the editor (New branch…, or the Create branch button).`, 404);
      }
      await this.makeRoom(project.id);
      session = new EditorSession(project, branch, {
        db: this.opts.db,
        dir: path.join(this.opts.workRoot, key),
        assetBase: this.opts.assetBase(project.id, key),
        credentials: this.opts.credentialsFor?.(project.repoUrl) ?? undefined,
        github: this.opts.github,
        gitlab: this.opts.gitlab,
        log: this.opts.log,
        signals: this.signals,
        ...(this.opts.pageTimeoutMs ? { pageTimeoutMs: this.opts.pageTimeoutMs } : {}),
      });
      this.sessions.set(key, session);
    }
    if (session.syncedAt === 0 || (refresh && Date.now() - session.syncedAt > (this.opts.refreshMs ?? 30_000))) await session.sync();
    return session;
  }

  /**
   * Whether a branch exists without checking it out: the deployment branch, one with drafts in the
   * database (made on this server or another), or one the repository has as the deployment
   * branch's session last fetched it (opened for this when it is not).
   */
  private async known(project: ProjectRow, branch: string): Promise<boolean> {
    if (branch === project.branch) return true;
    if ((await listEditorDrafts(this.opts.db, project.id, branch)).length > 0) return true;
    const base = await this.open(project, project.branch);
    return (await base.branches()).includes(branch);
  }

  /**
   * Close sessions until one more fits under both caps (this project's least recently used first,
   * then anyone's), and delete folders of `workRoot` no session holds while the folders would pass
   * the overall cap (oldest first).
   */
  private async makeRoom(projectId: string): Promise<void> {
    const perProject = Math.max(1, this.opts.maxSessionsPerProject ?? MAX_EDITOR_SESSIONS_PER_PROJECT);
    const overall = Math.max(1, this.opts.maxSessions ?? MAX_EDITOR_SESSIONS);
    const evicted: EditorSession[] = [];
    const evict = (key: string) => {
      const session = this.sessions.get(key)!;
      this.sessions.delete(key);
      evicted.push(session);
      this.opts.log?.(`editor: closed the session of ${session.project.id}/${session.branch} (least recently used; at most ${perProject} per project, ${overall} in all)`);
    };
    const ofProject = () => [...this.sessions].filter(([, s]) => s.project.id === projectId).map(([k]) => k);
    for (let keys = ofProject(); keys.length >= perProject; keys = ofProject()) evict(keys[0]!);
    while (this.sessions.size >= overall) evict(this.sessions.keys().next().value!);
    const done = Promise.all(evicted.map((s) => s.dispose().catch((err: unknown) => this.opts.log?.(`editor: could not remove the checkout of ${s.project.id}/${s.branch}: ${err instanceof Error ? err.message : String(err)}`))));
    // An evicted session busy with a long task (a publish) finishes it in the background.
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, EVICT_WAIT_MS).unref())]);
    const live = new Set([...this.sessions.keys(), ...evicted.map((s) => sessionKey(s.project.id, s.branch))]);
    let folders: { dir: string; mtime: number }[] = [];
    try {
      folders = fs
        .readdirSync(this.opts.workRoot, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => ({ dir: path.join(this.opts.workRoot, e.name), mtime: fs.statSync(path.join(this.opts.workRoot, e.name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
    } catch {
      // No work root yet: nothing to count.
    }
    const stale = folders.filter((f) => !live.has(path.basename(f.dir))).sort((a, b) => a.mtime - b.mtime);
    const held = folders.length - stale.length;
    const excess = held + stale.length + 1 - overall;
    await Promise.all(stale.slice(0, Math.max(0, excess)).map((f) => removeTree(f.dir).catch(() => undefined)));
  }

  /** How many sessions are open (of one project, or in all). */
  size(projectId?: string): number {
    return projectId === undefined ? this.sessions.size : [...this.sessions.values()].filter((s) => s.project.id === projectId).length;
  }

  /** Whether `session` is still one of the open sessions (not closed by the caps). */
  isOpen(session: EditorSession): boolean {
    return this.sessions.get(sessionKey(session.project.id, session.branch)) === session;
  }

  /** An open session by key (the preview's file requests name it), or undefined. */
  byKey(projectId: string, key: string): EditorSession | undefined {
    const session = this.sessions.get(key);
    return session?.project.id === projectId ? session : undefined;
  }
}
