/**
 * The signed-in reader's own values for the playground (the platform's `apiPlaygroundInputs`), which
 * `folio serve` puts in the page as a JSON data block (`script#folio-reader-inputs`) for readers who
 * have them. Only what this operation names is taken: a header, query or cookie value for one of its
 * security schemes (a scheme's `Authorization: Bearer <token>` gives the token) or parameters, and its
 * path parameters. Values the reader typed and the page stored win over these.
 */
import type { Spec, Values } from './spec.js';

type Inputs = Partial<Record<'header' | 'query' | 'cookie' | 'path' | 'server', Record<string, unknown>>>;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined);

export function readerInputs(spec: Spec, doc: Document = document): Values {
  let inputs: Inputs;
  try {
    inputs = JSON.parse(doc.getElementById('folio-reader-inputs')?.textContent ?? '{}') as Inputs;
  } catch {
    return {};
  }
  const out: Values = {};
  for (const where of ['header', 'query', 'cookie'] as const) {
    for (const [name, raw] of Object.entries(inputs[where] ?? {})) {
      const value = text(raw);
      if (value === undefined) continue;
      const lower = name.toLowerCase();
      for (const a of spec.auth) {
        if (a.type === 'apiKey' && a.in === where && a.paramName?.toLowerCase() === lower) out[`auth:${a.name}`] = value;
        const bearer = /^bearer\s+(.+)$/i.exec(value);
        if (where === 'header' && lower === 'authorization' && bearer && a.type !== 'apiKey' && a.scheme !== 'basic') out[`auth:${a.name}`] = bearer[1]!;
      }
      for (const f of spec.fields) if (f.in === where && f.name.toLowerCase() === lower) out[`${f.in}:${f.name}`] = value;
    }
  }
  for (const [name, raw] of Object.entries(inputs.path ?? {})) {
    const value = text(raw);
    if (value !== undefined && spec.fields.some((f) => f.in === 'path' && f.name === name)) out[`path:${name}`] = value;
  }
  return out;
}
