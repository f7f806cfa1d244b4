import { describe, expect, it } from 'vitest';
import { planPlacements, repositoryNote, requestedGroup } from './add-unlisted-pages.js';
import { navigationFacts } from './navigation-walk.js';

describe('planPlacements', () => {
  it('appends root-level pages to a root pages list', () => {
    const facts = navigationFacts({ pages: ['index', 'quickstart'] });
    expect(planPlacements(['changelog'], facts)).toEqual([{ page: 'changelog', target: { kind: 'pages', path: ['navigation'] } }]);
  });

  it('follows the folder into the language whose groups list it', () => {
    const facts = navigationFacts({
      languages: [
        { language: 'en', groups: [{ group: 'Guides', pages: ['guides/a'] }] },
        { language: 'fr', groups: [{ group: 'Guides', pages: ['fr/guides/a'] }] },
      ],
    });
    expect(planPlacements(['fr/guides/b', 'fr/api/x'], facts)).toEqual([
      { page: 'fr/api/x', target: { kind: 'new-group', container: ['navigation', 'languages', 1], name: 'Api' } },
      { page: 'fr/guides/b', target: { kind: 'group', path: ['navigation', 'languages', 1, 'groups', 0], name: 'Guides' } },
    ]);
  });

  it('treats endpoint entries and external links as not pages', () => {
    const facts = navigationFacts({ groups: [{ group: 'API', openapi: 'o.json', pages: ['GET /users', 'https://x.dev', 'api/intro'] }] });
    expect([...facts.listed]).toEqual(['api/intro']);
  });
});

describe('repositoryNote', () => {
  it('tells repository files from pages', () => {
    expect(repositoryNote('AGENTS', 'md', {})).toMatch(/upper-case/);
    expect(repositoryNote('notes/plan', 'md', {})).toMatch(/plain markdown/);
    expect(repositoryNote('guides/plan', 'md', { title: 'Plan' })).toBeNull();
    expect(repositoryNote('guides/plan', 'mdx', {})).toBeNull();
  });
});

describe('requestedGroup', () => {
  it('reads the group a prompt names, quoted or not', () => {
    expect(requestedGroup('Add unlisted pages to the "Get started" group')).toBe('Get started');
    expect(requestedGroup('add missing pages under the Guides group')).toBe('Guides');
    expect(requestedGroup("add hidden pages into group 'API'")).toBe('API');
    expect(requestedGroup('add unlisted pages to the navigation')).toBeNull();
  });
});
