import { describe, expect, it } from 'vitest';
import { htmlForReader, llmsForReader, type ReaderView } from './reader-view.js';

const restricted = { '/alpha': { groups: ['alpha'], title: 'Alpha [team]' }, '/beta': { groups: ['beta', 'staff'], title: 'Beta' } };
const view = (groups: string[], basePath = '/docs'): ReaderView => ({ basePath, restricted, groups: new Set(groups) });

const entry = (href: string, title: string) => `<li><a class="nav-link" href="${href}"><span class="nav-text">${title}</span></a></li>`;
const page = [
  '<ul class="nav-list" role="list">',
  entry('/docs/index', 'Home'),
  entry('/docs/alpha', 'Alpha'),
  entry('/docs/beta', 'Beta'),
  '<li class="nav-group-item nav-group-linked"><a class="nav-group-link group-link nav-link" href="/docs/alpha/">Team</a><ul>',
  entry('/docs/guide', 'Guide'),
  '</ul></li></ul>',
  '<main><p>See <a href="/docs/beta#setup">the beta setup</a>.</p></main>',
  '<a class="pager-next" href="/docs/alpha" rel="next"><span>Alpha</span></a>',
].join('');

describe('a page as one reader sees it', () => {
  it('takes out the sidebar entries, pager and links of restricted pages the reader may not read', () => {
    const none = htmlForReader(page, view([]));
    expect(none).not.toMatch(/href="\/docs\/(alpha|beta)/);
    expect(none).toContain(entry('/docs/guide', 'Guide'));
    expect(none).toContain('<a class="nav-group-link group-link nav-link">Team</a>');
    expect(none).toContain('<a>the beta setup</a>');
    expect(none).not.toContain('pager-next');
    const staff = htmlForReader(page, view(['staff']));
    expect(staff).toContain(entry('/docs/beta', 'Beta'));
    expect(staff).toContain('href="/docs/beta#setup"');
    expect(staff).not.toContain('href="/docs/alpha');
    expect(htmlForReader(page, view(['alpha', 'beta']))).toBe(page);
  });

  it('lists the restricted pages a reader may read in their llms.txt', () => {
    const llms = '# Docs\n\n- [Home](/docs/index.md)\n';
    expect(llmsForReader(llms, view([]))).toBe(llms);
    expect(llmsForReader(llms, view(['alpha', 'staff']))).toBe('# Docs\n\n- [Home](/docs/index.md)\n\n## For your groups\n\n- [Alpha team](/docs/alpha.md)\n- [Beta](/docs/beta.md)\n');
  });

  it('cuts a large page fast (measured: a 1,000-entry sidebar with 200 restricted pages)', () => {
    const many: ReaderView = { basePath: '', groups: new Set(), restricted: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`/p${i * 5}`, { groups: ['g'], title: `P${i}` }])) };
    const big = `<ul>${Array.from({ length: 1000 }, (_, i) => entry(`/p${i}`, `Page ${i}`)).join('')}</ul>`;
    const started = performance.now();
    const cut = htmlForReader(big, many);
    const ms = performance.now() - started;
    expect(cut.match(/<li>/g)).toHaveLength(800);
    expect(ms).toBeLessThan(500);
  });
});
