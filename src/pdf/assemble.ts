/**
 * Runs inside the print page (`page.evaluate`): fetches each built page, keeps its article (the
 * site's header, sidebar, table of contents and footer are outside it; the pager, page menu and
 * feedback inside it are removed), and appends it to one document as a `<section>` that starts a new
 * sheet. So that every link keeps working in the one PDF, each page's ids get its section's prefix
 * (`p3-install`), a link to an included page becomes `#p3` (or `#p3-install` for a heading), a link
 * to another page of the site becomes absolute on `siteUrl` (or plain text without it), and
 * `<details>` are opened. The stylesheets of the pages' heads come along once each.
 *
 * Self-contained: Playwright sends its source to the browser, so it may use no import.
 */
export interface AssembleInput {
  /** `title`: printed as the page's heading when its article has none, so every page starts with its title. */
  pages: { href: string; id: string; url: string; title: string }[];
  /** The site's public URL for links to pages the PDF leaves out; they lose their link without it. */
  siteUrl: string | null;
  /** The base path the build was made for (`/docs`), `''` for none: stripped from its links before they are matched to pages. */
  basePath?: string;
  /** Folio's own Mermaid module (never the output folder's), to draw diagrams; null: they stay source. */
  mermaid: string | null;
}

export async function assemblePages(input: AssembleInput): Promise<{ missing: string[] }> {
  const ids = new Map(input.pages.map((p) => [p.href, p.id]));
  const target = document.getElementById('folio-pdf-pages')!;
  const styles = new Set<string>();
  const missing: string[] = [];
  const pathOf = (url: URL) => {
    const base = input.basePath ?? '';
    const inside = base && (url.pathname === base || url.pathname.startsWith(`${base}/`)) ? url.pathname.slice(base.length) : url.pathname;
    let p = decodeURIComponent(inside).replace(/\/index\.html$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
    if (p === '') p = '/';
    return p;
  };
  for (const page of input.pages) {
    const response = await fetch(page.url);
    if (!response.ok) {
      missing.push(page.href);
      continue;
    }
    const base = new URL(response.url);
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    for (const el of Array.from(doc.head.querySelectorAll('link[rel~="stylesheet"], style'))) {
      const key = el.tagName === 'LINK' ? new URL(el.getAttribute('href') ?? '', base).href : (el.textContent ?? '');
      if (styles.has(key)) continue;
      styles.add(key);
      if (el.tagName === 'LINK') el.setAttribute('href', key);
      document.head.append(document.importNode(el, true));
    }
    const article = doc.querySelector('article.content') ?? doc.querySelector('main') ?? doc.body;
    for (const el of Array.from(article.querySelectorAll('script, .page-actions, .page-menu, .pager, .feedback, .folio-feedback, nav.eyebrow, .rss-link, [data-pagefind-ignore] button'))) el.remove();
    for (const el of Array.from(article.querySelectorAll('details'))) el.setAttribute('open', '');
    for (const el of Array.from(article.querySelectorAll('img'))) {
      el.setAttribute('loading', 'eager');
      const src = el.getAttribute('src');
      if (src) el.setAttribute('src', new URL(src, base).href);
      el.removeAttribute('srcset');
    }
    // Ids are unique per page, not across pages: each gets its page's prefix, and so do the attributes naming them.
    const prefix = `${page.id}-`;
    for (const el of Array.from(article.querySelectorAll('[id]'))) el.id = prefix + el.id;
    for (const attr of ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls']) {
      for (const el of Array.from(article.querySelectorAll(`[${attr}]`))) {
        el.setAttribute(attr, el.getAttribute(attr)!.split(/\s+/).filter(Boolean).map((id) => prefix + id).join(' '));
      }
    }
    for (const el of Array.from(article.querySelectorAll('[href], [*|href]'))) {
      const attr = el.hasAttribute('href') ? 'href' : 'xlink:href';
      const href = el.getAttribute(attr);
      if (href === null) continue;
      if (href.startsWith('#')) {
        el.setAttribute(attr, href.length > 1 ? `#${prefix}${decodeURIComponent(href.slice(1))}` : `#${page.id}`);
        continue;
      }
      if (el.tagName !== 'A') continue;
      let url: URL;
      try {
        url = new URL(href, base);
      } catch {
        continue;
      }
      if (url.origin !== base.origin) continue;
      const to = ids.get(pathOf(url));
      if (to) el.setAttribute('href', url.hash.length > 1 ? `#${to}-${decodeURIComponent(url.hash.slice(1))}` : `#${to}`);
      else if (input.siteUrl) el.setAttribute('href', input.siteUrl.replace(/\/+$/, '') + url.pathname + url.search + url.hash);
      else el.removeAttribute('href');
    }
    const section = document.createElement('section');
    section.className = 'folio-pdf-page';
    section.id = page.id;
    // A custom page's title is there for screen readers only: in print it shows.
    const own = article.querySelector('h1');
    own?.classList.remove('visually-hidden', 'sr-only');
    if (!own) {
      const heading = document.createElement('h1');
      heading.className = 'folio-pdf-page-title';
      heading.textContent = page.title;
      section.append(heading);
    }
    section.append(document.adoptNode(article));
    target.append(section);
  }
  // A link to a heading the page does not have (renamed) goes to the page's start.
  const known = new Set(Array.from(document.querySelectorAll('[id]')).map((el) => el.id));
  for (const a of Array.from(document.querySelectorAll('a[href^="#"]'))) {
    const id = a.getAttribute('href')!.slice(1);
    if (!known.has(id)) a.setAttribute('href', `#${id.split('-')[0]}`);
  }
  // Diagrams drawn as on the site, by Folio's copy of Mermaid; on failure they stay readable source.
  const diagrams = Array.from(document.querySelectorAll<HTMLElement>('#folio-pdf-pages .mermaid'));
  if (diagrams.length && input.mermaid) {
    try {
      // Not a literal `import()`: test runners rewrite those in this function's source, which runs in the page.
      const load = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
      const { default: mermaid } = (await load(input.mermaid)) as { default: { initialize(o: Record<string, unknown>): void; run(o: { nodes: HTMLElement[]; suppressErrors?: boolean }): Promise<void> } };
      mermaid.initialize({ startOnLoad: false, theme: 'default', securityLevel: 'strict' });
      await mermaid.run({ nodes: diagrams, suppressErrors: true });
    } catch {
      // Left as source text.
    }
  }
  await document.fonts.ready;
  await Promise.all(
    Array.from(document.images)
      .filter((img) => !img.complete)
      .map((img) => new Promise((done) => ((img.onload = done), (img.onerror = done)))),
  );
  return { missing };
}
