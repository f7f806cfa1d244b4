/**
 * An MDX endpoint page (`openapi:` or `api:` frontmatter) is its compiled body placed inside the
 * endpoint layout: the reference HTML (made from the `Site` before compiling) carries an empty
 * slot where the body goes, and `<RequestExample>`/`<ResponseExample>` blocks of the body move to
 * the examples column, replacing the generated samples, as the platform draws them.
 */
import type { Heading } from '../../mdx/index.js';

/** Where the page's compiled body goes inside the reference's left column. */
export const BODY_SLOT = '<div class="api-mdx-body"></div>';
/** The examples column's inner box when it holds generated samples. */
const GENERATED = '<div class="api-examples-inner" data-api-generated="">';
const EXAMPLE_BLOCK = /<div class="folio-tabs folio-code-group folio-(?:request|response)-example"/g;

/** End index of the `<div>` element starting at `start` (balanced on `<div` / `</div>`). */
function elementEnd(html: string, start: number): number {
  const tag = /<div\b|<\/div>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return html.length;
}

/** The body without its request/response example blocks, and those blocks in order. */
function takeExamples(html: string): { rest: string; examples: string[] } {
  const examples: string[] = [];
  let rest = '';
  let from = 0;
  EXAMPLE_BLOCK.lastIndex = 0;
  for (let m = EXAMPLE_BLOCK.exec(html); m; m = EXAMPLE_BLOCK.exec(html)) {
    if (m.index < from) continue;
    const end = elementEnd(html, m.index);
    rest += html.slice(from, m.index);
    examples.push(html.slice(m.index, end));
    from = end;
    EXAMPLE_BLOCK.lastIndex = end;
  }
  return { rest: rest + html.slice(from), examples };
}

/** The reference's section headings (`<h2 id="api-…">`), for the table of contents. */
function referenceHeadings(html: string): Heading[] {
  return [...html.matchAll(/<h2 id="(api-[a-z-]+)"[^>]*>(.*?)<\/h2>/g)].map((m) => ({ depth: 2, id: m[1]!, text: m[2]!.replace(/<[^>]+>.*?<\/[^>]+>|<[^>]+>/g, '').trim() }));
}

/** A compiled body with the endpoint reference of its frontmatter (if any) laid around or after it. */
export function composeEndpointBody<T extends { html: string; headings: Heading[] }>(body: T, suffix: string | undefined): T {
  if (!suffix) return body;
  const headings = [...body.headings, ...referenceHeadings(suffix)];
  if (!suffix.includes(BODY_SLOT)) return { ...body, html: body.html + suffix, headings };
  const { rest, examples } = takeExamples(body.html);
  let html = suffix.replace(BODY_SLOT, () => `<div class="api-mdx-body">${rest}</div>`);
  const at = html.indexOf(GENERATED);
  if (examples.length > 0 && at >= 0) {
    const end = elementEnd(html, at);
    html = `${html.slice(0, at)}<div class="api-examples-inner">${examples.join('')}</div>${html.slice(end)}`;
  }
  return { ...body, html, headings };
}
