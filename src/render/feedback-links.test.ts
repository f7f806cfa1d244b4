import { describe, expect, it } from 'vitest';
import { feedbackLinks, feedbackViewOf } from './feedback-links.js';

const page = { title: 'Quick start', href: '/quickstart' };

describe('feedbackLinks', () => {
  it('links GitHub repositories to the web editor and a new issue', () => {
    expect(feedbackLinks({ url: 'https://github.com/acme/docs.git', branch: 'main', dir: 'docs' }, 'quickstart.mdx', page)).toEqual({
      editUrl: 'https://github.com/acme/docs/edit/main/docs/quickstart.mdx',
      issueUrl: 'https://github.com/acme/docs/issues/new?title=Issue+on+docs%3A+Quick+start&body=Page%3A+%2Fquickstart%0A%0A',
    });
    expect(feedbackLinks({ url: 'git@github.com:acme/docs.git', branch: 'release/2', dir: '.' }, 'a b.mdx', page).editUrl).toBe('https://github.com/acme/docs/edit/release%2F2/a%20b.mdx');
  });

  it('links GitLab projects in groups, and gives generated pages only the issue link', () => {
    const links = feedbackLinks({ url: 'https://gitlab.com/acme/team/docs', branch: 'main' }, null, page);
    expect(links.editUrl).toBeUndefined();
    expect(links.issueUrl).toMatch(/^https:\/\/gitlab\.com\/acme\/team\/docs\/-\/issues\/new\?issue%5Btitle%5D=Issue\+on\+docs/);
  });

  it('offers nothing for other hosts, local paths or URLs with credentials', () => {
    for (const url of ['https://git.example.com/acme/docs', 'file:///srv/docs.git', '/srv/docs', 'https://user:token@github.com/acme/docs', 'https://github.com/acme']) {
      expect(feedbackLinks({ url, branch: 'main' }, 'a.mdx', page)).toEqual({});
    }
  });
});

describe('feedbackViewOf', () => {
  const repo = { url: 'https://github.com/acme/docs', branch: 'main' };
  it('follows the docs.json feedback add-ons: links on unless turned off, code snippets off unless turned on', () => {
    expect(Object.keys(feedbackViewOf(repo, 'a.mdx', page))).toEqual(['editUrl', 'issueUrl']);
    expect(feedbackViewOf(repo, 'a.mdx', page, { suggestEdit: false, raiseIssue: false })).toEqual({});
    expect(feedbackViewOf(repo, 'a.mdx', page, { raiseIssue: false, codeSnippets: true })).toEqual({ editUrl: 'https://github.com/acme/docs/edit/main/a.mdx', codeSnippets: true });
    // Code-snippet feedback needs no repository.
    expect(feedbackViewOf(undefined, 'a.mdx', page, { codeSnippets: true })).toEqual({ codeSnippets: true });
  });
});
