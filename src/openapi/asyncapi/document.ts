/**
 * AsyncAPI text → `LoadedAsyncApi`: parsed as the OpenAPI specs are (JSON or YAML, positions for
 * diagnostics, no code run), version checked (2.x or 3.x), unresolvable `$ref`s reported, and the
 * channels listed in document order with unique URL slugs.
 */
import type { Diagnostic } from '../../shared/index.js';
import type { OpenApiCode } from '../codes.js';
import { parseSpecText } from '../parse-spec.js';
import { findBadRefs, resolveLocalRef } from '../refs.js';
import { createSlugDeduper, identifierSlug } from '../slug.js';
import type { JsonObject } from '../types.js';
import type { AsyncChannel, LoadedAsyncApi } from './types.js';

export function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Follow local `$ref`s (a chain of at most 16) to the object they name; the value itself when it is no reference. */
export function deref(document: JsonObject, value: unknown): unknown {
  let node = value;
  for (let i = 0; i < 16 && isObject(node) && typeof node.$ref === 'string'; i++) node = resolveLocalRef(document, node.$ref);
  return node;
}

/** Parse an AsyncAPI document; syntax and version problems are errors, unresolvable `$ref`s warnings. */
export function asyncApiFromText(id: string, text: string, absolutePath?: string): { spec?: LoadedAsyncApi; diagnostics: Diagnostic<OpenApiCode>[] } {
  const parsed = parseSpecText(id, text, 'ASYNCAPI_PARSE_ERROR');
  const diagnostics: Diagnostic<OpenApiCode>[] = [...parsed.diagnostics];
  const document = parsed.document;
  if (!document) return { diagnostics };
  const invalid = (segments: string[], message: string) => {
    const { line, column } = parsed.positions.at(segments);
    diagnostics.push({ file: id, line, column, severity: 'error', code: 'ASYNCAPI_INVALID', path: segments.join('.'), message });
    return { diagnostics };
  };
  const version = typeof document.asyncapi === 'string' || typeof document.asyncapi === 'number' ? String(document.asyncapi) : '';
  const major = /^2\./.test(version) ? 2 : /^3\./.test(version) ? 3 : undefined;
  if (!major) {
    return invalid(version ? ['asyncapi'] : [], version
      ? `AsyncAPI version "${version}" is not supported; Folio reads 2.x and 3.x documents (set \`asyncapi: 3.0.0\`)`
      : 'missing `asyncapi` version field; set `asyncapi: 3.0.0` (or a 2.x version) at the top of the document');
  }
  if (document.channels !== undefined && !isObject(document.channels)) return invalid(['channels'], '`channels` must be an object of channels keyed by id (3.x) or address (2.x)');
  for (const bad of findBadRefs(document)) {
    const { line, column } = parsed.positions.at(bad.at);
    diagnostics.push({
      file: id, line, column, severity: 'warning', code: 'ASYNCAPI_BAD_REF', path: bad.at.join('.'),
      message: bad.external
        ? `$ref "${bad.ref}" points outside this document and is not followed; move the definition into its components`
        : `$ref "${bad.ref}" points to nothing in this document; add the missing definition or fix the reference (the page shows it as broken)`,
    });
  }
  const spec: LoadedAsyncApi = {
    id, format: parsed.format, major, version, text, document,
    channels: listChannels(document, major),
    positionOf: (segments) => parsed.positions.at(segments),
  };
  if (absolutePath) spec.absolutePath = absolutePath;
  return { spec, diagnostics };
}

/** Channels in document order; each slug is its id's, made unique. */
function listChannels(document: JsonObject, major: 2 | 3): AsyncChannel[] {
  const channels = isObject(document.channels) ? document.channels : {};
  const unique = createSlugDeduper();
  return Object.entries(channels).map(([id, value]) => {
    const channel = deref(document, value);
    const fields = isObject(channel) ? channel : {};
    // 3.x: `address` (null when unknown); 2.x: the key is the address.
    const address = major === 2 ? id : typeof fields.address === 'string' ? fields.address : undefined;
    const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title.trim() : id;
    const out: AsyncChannel = { id, title, slug: unique(identifierSlug(id) || 'channel'), pointer: ['channels', id] };
    if (address !== undefined) out.address = address;
    return out;
  });
}
