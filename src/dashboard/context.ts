import type { Database, ProjectRow } from '../db/index.js';
import type { Session } from './data/sessions.js';
import type { DashboardUser } from './data/users.js';
import type { AdminServices } from '../api/index.js';
import type { EditorService } from '../editor/index.js';
import type { TopicsOptions } from '../insights/index.js';
import type { SectionIndex } from '../retrieval/index.js';

/** Hono environment of the dashboard routes. */
export interface DashboardEnv {
  Variables: {
    session: Session | null;
    user: DashboardUser | null;
    form: Record<string, string>;
    /** Whether the user may edit the project named in the path (owners: always); set by `enforceRoles`. */
    canEdit: boolean;
    /** The projects the sidebar's switcher lists (set for signed-in page requests). */
    projectList?: { id: string; name: string }[];
    /** `DashboardDeps.docsUrl`, for the sidebar. */
    docsUrl?: string;
  };
}

/** Everything the route modules need, resolved once by `createDashboard`. */
export interface DashboardContext {
  db: Database;
  base: string;
  services: AdminServices;
  models: string[];
  secureCookies: boolean | 'auto';
  trustProxy: boolean;
  siteUrl: (project: ProjectRow, requestUrl: URL) => string;
  /** URL of a preview: `<slug>--<projectId>.<siteDomain>` on the dashboard's scheme and port. */
  previewUrl: (project: ProjectRow, slug: string, requestUrl: URL) => string;
  onProjectChanged: (project: ProjectRow) => void | Promise<void>;
  /** The retrieval index of a project's live build (topics place questions by it); null without one. */
  sectionIndexOf?: (project: ProjectRow) => Promise<SectionIndex | null>;
  /**
   * The docs root of a project's published checkout (hosting's workspace, `repo/` and the docs folder),
   * for the translations page; null when the project has none yet.
   */
  siteCheckout?: (project: ProjectRow) => string | null;
  /** The files of a project's live published build (hosting's site store, handed in by the server), for the PDF export; null before its first publish. */
  publishedFiles?: (project: ProjectRow) => Promise<((relativePath: string) => Promise<Buffer | null>) | null>;
  /** Names for topics from the configured model (insights' `nameTopics`), when there is one. */
  nameTopics?: TopicsOptions['nameTopics'];
  /** The web editor's sessions (checkouts, drafts, previews, publishing). */
  editor: EditorService;
  /** The Slack app's settings (the server hands in slack's `SlackSettingsService`); the Slack page says it is off without. */
  slack?: SlackSettingsPort;
}

/** What the Slack page shows of a project's settings: secrets by their last four characters only. */
export interface SlackSettingsView {
  teamId: string;
  channels: string[];
  signingSecretHint: string;
  botTokenHint: string;
  botUserId: string | null;
  /** False when the server's key no longer opens the stored secrets. */
  readable: boolean;
}

/** The Slack settings as the dashboard uses them; `save` throws an error with `code` (`SLACK_SETTINGS_INVALID`, `SLACK_API_FAILED`) and a message for the form. */
export interface SlackSettingsPort {
  view(projectId: string): Promise<SlackSettingsView | null>;
  save(projectId: string, form: { teamId: string; channels: string; signingSecret: string; botToken: string }): Promise<void>;
  remove(projectId: string): Promise<boolean>;
}
