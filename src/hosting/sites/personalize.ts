/**
 * Pages filled per signed-in reader (the build lists them: `BuiltSiteSettings.personalized`). The
 * platform's user data, as the JWT handshake keeps it in the session (`jwt-sign-in.ts`):
 * - `content` (else a `user` claim that is an object): the page's `user` values. Each
 *   `<span data-folio-user="path">fallback</span>` the build left (`mdx/user-expressions.ts`) gets the
 *   reader's value at that path, HTML-escaped; a missing value or one that is not a string, number or
 *   boolean keeps the fallback. A reader who is not signed in gets the built file as it is (fallbacks).
 * - `apiPlaygroundInputs`: on a page with the API playground, a JSON data block
 *   (`script#folio-reader-inputs`, never run as script, so the page's CSP allows it) that the playground
 *   reads to pre-fill its fields (`client/playground/prefill.ts`); `<` is escaped so the data cannot
 *   close the element.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../shared/index.js';
import type { BuildFile } from '../storage/site-store.js';

/** What a session keeps of the reader for personalization. */
export type ReaderData = Record<string, unknown>;

/** The id of the playground's prefill data block. */
export const READER_INPUTS_ID = 'folio-reader-inputs';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values behind the page's `user` variable. */
export function userValues(data: ReaderData): Record<string, unknown> {
  if (isRecord(data.content)) return data.content;
  return isRecord(data.user) ? data.user : {};
}

function valueAt(values: Record<string, unknown>, path: string): string | null {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (!isRecord(at) || !Object.hasOwn(at, key)) return null;
    at = at[key];
  }
  return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean' ? String(at) : null;
}

const MARKER = /<span data-folio-user="([\w.-]{1,600})">([^<]*)<\/span>/g;

/** A page's HTML filled for a reader (see the file comment). */
export function personalizeHtml(html: string, data: ReaderData): string {
  const values = userValues(data);
  let out = html.replace(MARKER, (whole, path: string, fallback: string) => {
    const value = valueAt(values, path);
    return value === null ? whole : `<span data-folio-user="${path}">${escapeHtml(value)}</span>`;
  });
  const inputs = data.apiPlaygroundInputs;
  if (isRecord(inputs) && out.includes('class="api-playground-data"')) {
    const json = JSON.stringify(inputs).replace(/</g, '\\u003c');
    out = out.replace('</body>', `<script type="application/json" id="${READER_INPUTS_ID}">${json}</script></body>`);
  }
  return out;
}

/** A built page filled for a reader, as a file to serve. */
export async function personalizedFile(file: BuildFile, data: ReaderData): Promise<BuildFile> {
  const text = Buffer.from(await new Response(await file.body()).arrayBuffer()).toString('utf8');
  const bytes = Buffer.from(personalizeHtml(text, data), 'utf8');
  return {
    size: bytes.length,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    body: async (range) => new Blob([range ? bytes.subarray(range.start, range.end + 1) : bytes]).stream(),
  };
}
