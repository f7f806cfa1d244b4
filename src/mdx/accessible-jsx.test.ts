import { describe, expect, it } from 'vitest';
import { renderMdx } from './index.js';

describe('raw HTML in pages gets what assistive technology needs', () => {
  it('marks an image without alt decorative, names a linked one after its file, keeps an author alt', async () => {
    const out = await renderMdx({ source: '<img src="/a.png" />\n\n<a href="https://x.com"><img src="/logos/comfy-logo_dark.png?v=2" /></a>\n\n<img src="/b.png" alt="A chart" />\n', file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null });
    expect(out.html).toContain('<img src="/a.png" alt=""/>');
    expect(out.html).toContain('<img src="/logos/comfy-logo_dark.png?v=2" loading="lazy" alt="comfy logo dark"/>');
    expect(out.html).toContain('<img src="/b.png" alt="A chart" loading="lazy"/>');
  });

  it('names an iframe after the host it embeds and makes tables focusable', async () => {
    const out = await renderMdx({ source: '<iframe src="https://www.youtube.com/embed/x"></iframe>\n\n<iframe src="/local.html" title="Mine"></iframe>\n\n| a |\n| - |\n| b |\n', file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null });
    expect(out.html).toContain('title="Embedded content from youtube.com"');
    expect(out.html).toContain('title="Mine"');
    expect(out.html).not.toContain('Embedded content"');
    expect(out.html).toContain('<table tabindex="0">');
  });

  it('names a link whose only content is icons after them, and leaves named or worded links alone', async () => {
    const source = '### Tool <sup><a href="https://github.com/x" target="_blank"><Icon icon="github" /></a></sup>\n\n<a href="/a"><Icon icon="arrow-up-right" /> Read more</a>\n\n<a href="/b" aria-label="Mine"><Icon icon="x" /></a>\n';
    const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null });
    expect(out.html).toMatch(/<a href="https:\/\/github.com\/x" target="_blank" aria-label="github">/);
    expect(out.html).toMatch(/<a href="\/a">/);
    expect(out.html).toContain('aria-label="Mine"');
    expect(out.html).not.toContain('aria-label="x"');
  });

  it("marks images of the page's own components decorative when they have no alt", async () => {
    const source = 'export const Hero = ({ href }) => (\n  <a href={href}>\n    <img src="/hero.png" />\n    <img src="/named.png" alt="Named" />\n    <h3>Title</h3>\n  </a>\n);\n\n<Hero href="/x" />\n';
    const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null });
    expect(out.html).toContain('<img src="/hero.png" alt="" loading="lazy"/>');
    expect(out.html).toContain('<img src="/named.png" alt="Named" loading="lazy"/>');
  });

  it('loads every image after the first when it comes near the screen, and React preloads only the first', async () => {
    const source = '![First](/one.png)\n\n![Second](/two.png)\n\n<img src="/three.png" alt="Three" />\n\n<img src="/four.png" alt="Four" loading="eager" />\n';
    const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null });
    expect(out.html).toContain('<img src="/one.png" alt="First"/>');
    expect(out.html).toContain('<img src="/two.png" alt="Second" loading="lazy"/>');
    expect(out.html).toContain('<img src="/three.png" alt="Three" loading="lazy"/>');
    expect(out.html).toContain('<img src="/four.png" alt="Four" loading="eager"/>');
    expect(out.html.match(/rel="preload" as="image"/g)?.length ?? 0).toBeLessThanOrEqual(2);
    expect(out.html).not.toContain('href="/two.png"');
  });

  it('keeps the text of a link whose words are its own address (no link inside the link), trusted and untrusted', async () => {
    const source = [
      '- Prefect Cloud REST API documentation: <a href="https://app.prefect.cloud/api/docs" target="_blank">https://app.prefect.cloud/api/docs</a>.',
      '',
      'See <a href="https://x.com/a">the page at https://x.com/a</a> today.',
      '',
      '<Note>Read <a href="https://x.com/b">https://x.com/b</a> or https://x.com/c.</Note>',
      '',
      '<Card title="T" href="https://x.com/d">Go to https://x.com/d</Card>',
      '',
      '<Card title="U">Go to https://x.com/e</Card>',
      '',
    ].join('\n');
    for (const untrusted of [false, true]) {
      const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null }, { untrusted });
      expect(out.html).toContain('<a href="https://app.prefect.cloud/api/docs" target="_blank">https://app.prefect.cloud/api/docs</a>.');
      expect(out.html).toContain('<a href="https://x.com/a">the page at https://x.com/a</a> today.');
      expect(out.html).toContain('Read <a href="https://x.com/b">https://x.com/b</a> or <a href="https://x.com/c">https://x.com/c</a>.');
      expect(out.html).toContain('Go to https://x.com/d');
      // Outside any link, a bare address still becomes one.
      expect(out.html).toContain('Go to <a href="https://x.com/e">https://x.com/e</a>');
      // No `<a>` opens before the previous one closed.
      expect(out.html).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<a /s);
    }
  });

  it('names the checkbox of each task list item after the item, trusted and untrusted', async () => {
    const source = '- [ ] Install the *CLI*\n- [x] Sign in\n  - [ ] nested step\n\n<Note>\n- [ ] In a note\n</Note>\n';
    for (const untrusted of [false, true]) {
      const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null }, { untrusted });
      const boxes = [...out.html.matchAll(/<input [^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
      expect(boxes).toHaveLength(4);
      expect(boxes[0]).toContain('aria-label="Install the CLI"');
      expect(boxes[1]).toContain('aria-label="Sign in"');
      expect(boxes[1]).toContain('checked');
      expect(boxes[2]).toContain('aria-label="nested step"');
      expect(boxes[3]).toContain('aria-label="In a note"');
      for (const box of boxes) expect(box).toContain('disabled');
    }
  });
});

