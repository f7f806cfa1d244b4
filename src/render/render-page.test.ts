import { describe, expect, it } from 'vitest';
import { PageRenderer } from './render-page.js';
import type { ChromeView, PageView, SectionView } from './types.js';

const chrome: ChromeView = {
  key: 'c1',
  siteName: 'Acme',
  lang: 'fr',
  home: '/',
  navLinks: [{ label: 'Blog', href: 'https://blog.example', external: true }],
  primary: { label: 'Sign up', href: 'https://app.example', external: true },
  banner: { html: 'Hello <a href="/x">x</a>', dismissible: true, key: 'b1' },
  footer: { socials: [{ label: 'x', href: 'https://x.com/acme', external: true }], columns: [{ header: 'More', items: [{ label: 'About', href: '/about' }] }] },
  colors: { primary: '#112233' },
};

function section(drilldown: boolean): SectionView {
  return {
    key: `s-${drilldown}`,
    tabs: [{ label: 'Guides', href: '/a', active: true }, { label: 'API', href: '/api' }],
    anchors: [],
    globalAnchors: [{ label: 'Status', href: 'https://status.example', external: true }],
    sidebarSwitchers: [],
    drilldown,
    sidebar: [
      {
        type: 'group', title: 'Start', expanded: true, firstHref: '/a',
        children: [
          { type: 'page', title: 'A', href: '/a' },
          { type: 'group', title: 'Deep', expanded: false, firstHref: '/d1', children: [{ type: 'page', title: 'D1', href: '/d1' }] },
          { type: 'group', title: 'Rooted', expanded: false, rootHref: '/r', firstHref: '/r1', children: [{ type: 'page', title: 'R1', href: '/r1' }] },
        ],
      },
    ],
  };
}

const page = (href: string): PageView => ({
  href, title: 'Title', eyebrow: [{ label: 'Start' }], bodyHtml: '<p>Body</p>', headings: [{ depth: 2, id: 'h', text: 'H' }],
  switchers: [], noindex: false, mermaid: false,
});

describe('PageRenderer', () => {
  const renderer = new PageRenderer({ css: '/assets/site.1.css', js: '/assets/site.1.js', base: '/' });

  it('marks the current page and opens only its collapsed ancestors', () => {
    const html = renderer.render(page('/d1'), section(false), chrome);
    expect(html).toContain('<a class="nav-link" href="/d1" aria-current="page">');
    expect(html).toMatch(/<details class="nav-group" data-group="g\d+" open=""><summary><span class="group-label">.*?Deep/);
    expect(html).not.toMatch(/open=""><summary><a class="group-link nav-link" href="\/r"/);
    // The top-level group is a heading, never foldable.
    expect(html).toContain('<section class="sidebar-group"');
    expect(renderer.render(page('/a'), section(false), chrome)).not.toMatch(/data-group="g\d+" open="">/);
  });

  it('links a group title to its root page, and to its first page only under drilldown', () => {
    const off = renderer.render(page('/a'), section(false), chrome);
    // The link sits beside the group's <details>, never inside its <summary> (a control in a control).
    expect(off).toContain('<a class="nav-group-link group-link nav-link" href="/r" data-group-root="">');
    expect(off).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*<a /s);
    expect(off).not.toContain('href="/d1" data-group-root');
    expect(off).toMatch(/<span class="group-label">.*?Deep/);
    const on = renderer.render(page('/a'), section(true), chrome);
    expect(on).toContain('<a class="nav-group-link group-link nav-link" href="/d1">');
  });

  it('draws header, tab bar, banner, footer, TOC and theme colour', () => {
    const html = renderer.render(page('/a'), section(false), chrome);
    expect(html).toContain('<html lang="fr" data-theme="light" data-site-theme="mint" data-base="/" data-banner-key="b1">');
    expect(html).toContain('--primary:#112233');
    expect(html).toContain('class="tab" href="/a" aria-current="page"');
    expect(html).toContain('class="button-primary" href="https://app.example"');
    expect(html).toContain('data-banner-close');
    expect(html).toContain('<p class="footer-header">More</p>');
    expect(html).toContain('<a href="#h">H</a>');
    expect(html).toContain('<title>Title - Acme</title>');
  });
});
