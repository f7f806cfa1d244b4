/**
 * The feedback add-ons' links at the end of a page, as the platform offers them for repositories
 * on GitHub and GitLab: "Suggest edits" opens the page's source in the host's web editor, "Raise
 * issue" a new issue naming the page. Other hosts (or a private URL Folio cannot read) get none.
 */

/** Where a site's pages come from: the repository, its branch and the docs folder in it. */
export interface FeedbackRepository {
  url: string;
  branch: string;
  /** The docs folder inside the repository (`.` or `''` for its root). */
  dir?: string;
}

/** What the feedback widget of a page shows besides the thumbs. */
export interface FeedbackView {
  editUrl?: string;
  issueUrl?: string;
  /** A "Feedback on this code" control under each code block (docs.json `feedback.codeSnippets`), drawn by the beacon. */
  codeSnippets?: boolean;
}

/** The docs.json `feedback` add-ons a page's widget follows. */
export interface FeedbackAddOns {
  suggestEdit?: boolean;
  raiseIssue?: boolean;
  codeSnippets?: boolean;
}

/** The widget of one page: the links its repository allows, less the add-ons docs.json turns off. */
export function feedbackViewOf(repo: FeedbackRepository | undefined, file: string | null, page: { title: string; href: string }, addOns: FeedbackAddOns = {}): FeedbackView {
  const { editUrl, issueUrl } = feedbackLinks(repo, file, page);
  return {
    ...(editUrl && addOns.suggestEdit !== false ? { editUrl } : {}),
    ...(issueUrl && addOns.raiseIssue !== false ? { issueUrl } : {}),
    ...(addOns.codeSnippets === true ? { codeSnippets: true } : {}),
  };
}

/** `https://github.com/o/r(.git)`, `git@github.com:o/r.git`, `https://gitlab.com/g/sub/r` → host and project path. */
function hostedProject(url: string): { host: 'github' | 'gitlab'; web: string } | null {
  const ssh = /^git@(github\.com|gitlab\.com):(.+?)(?:\.git)?\/?$/.exec(url);
  let host: string;
  let project: string;
  if (ssh) {
    host = ssh[1]!;
    project = ssh[2]!;
  } else {
    try {
      const u = new URL(url);
      if (u.protocol !== 'https:' || u.username || u.password) return null;
      host = u.hostname;
      project = u.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
    } catch {
      return null;
    }
  }
  const parts = project.split('/').filter(Boolean);
  if (host === 'github.com' && parts.length === 2) return { host: 'github', web: `https://github.com/${parts.join('/')}` };
  if (host === 'gitlab.com' && parts.length >= 2) return { host: 'gitlab', web: `https://gitlab.com/${parts.join('/')}` };
  return null;
}

const encodePath = (p: string) => p.split('/').filter((s) => s && s !== '.').map(encodeURIComponent).join('/');

/** The links of one page: `file` is its source file relative to the docs folder (null for generated pages). */
export function feedbackLinks(repo: FeedbackRepository | undefined, file: string | null, page: { title: string; href: string }): FeedbackView {
  const project = repo ? hostedProject(repo.url) : null;
  if (!repo || !project) return {};
  const source = file ? encodePath(`${repo.dir ?? ''}/${file}`) : null;
  const branch = encodeURIComponent(repo.branch);
  const title = `Issue on docs: ${page.title}`;
  const body = `Page: ${page.href}\n\n`;
  if (project.host === 'github') {
    return {
      ...(source ? { editUrl: `${project.web}/edit/${branch}/${source}` } : {}),
      issueUrl: `${project.web}/issues/new?${new URLSearchParams({ title, body })}`,
    };
  }
  return {
    ...(source ? { editUrl: `${project.web}/-/edit/${branch}/${source}` } : {}),
    issueUrl: `${project.web}/-/issues/new?${new URLSearchParams({ 'issue[title]': title, 'issue[description]': body })}`,
  };
}
