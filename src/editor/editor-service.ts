/**
 * The editing sessions of one server: one per (project, branch), each with its checkout in its own
 * folder under `workRoot`, shared by every writer of that branch on this server. Drafts live in the
 * database, so sessions of other servers on the same database see them when they sync.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { GithubOptions } from '../agent/index.js';
import type { Database, ProjectRow } from '../db/index.js';
import { checkBranchName, type GitCredentials } from '../git/index.js';
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
  /** A session caught up with the remote longer ago than this fetches again when opened (default 30 s). */
  refreshMs?: number;
  /** A preview's page time limit in milliseconds (`folio serve --page-timeout`; default the builds' 10 s). */
  pageTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Short stable key of a (project, branch): the name of its checkout folder and of its preview URLs. */
export function sessionKey(projectId: string, branch: string): string {
  return createHash('sha256').update(`${projectId}\0${branch}`).digest('hex').slice(0, 16);
}

export class EditorService {
  private readonly sessions = new Map<string, EditorSession>();
  private readonly signals: SharedDocSignals;

  constructor(private readonly opts: EditorServiceOptions) {
    this.signals = new SharedDocSignals(opts.db);
  }

  /**
   * The session of a project's branch, checked out before it is first handed out. `refresh` (opening
   * the editor, reading its state) also catches up with the remote when the last fetch is older than
   * `refreshMs`; saves do not, so typing never waits for a fetch.
   */
  async open(project: ProjectRow, branch: string, { refresh = true }: { refresh?: boolean } = {}): Promise<EditorSession> {
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
      session = undefined;
    }
    if (!session) {
      session = new EditorSession(project, branch, {
        db: this.opts.db,
        dir: path.join(this.opts.workRoot, key),
        assetBase: this.opts.assetBase(project.id, key),
        credentials: this.opts.credentialsFor?.(project.repoUrl) ?? undefined,
        github: this.opts.github,
        log: this.opts.log,
        signals: this.signals,
        ...(this.opts.pageTimeoutMs ? { pageTimeoutMs: this.opts.pageTimeoutMs } : {}),
      });
      this.sessions.set(key, session);
    }
    if (session.syncedAt === 0 || (refresh && Date.now() - session.syncedAt > (this.opts.refreshMs ?? 30_000))) await session.sync();
    return session;
  }

  /** An open session by key (the preview's file requests name it), or undefined. */
  byKey(projectId: string, key: string): EditorSession | undefined {
    const session = this.sessions.get(key);
    return session?.project.id === projectId ? session : undefined;
  }
}
