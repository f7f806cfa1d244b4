import { z } from 'zod';
import { docsConfigSchema } from './schema/docs-config.js';

/** JSON Schema (draft 2020-12) of docs.json, for editor autocompletion through `$schema`. */
export function docsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(docsConfigSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return { $id: 'https://folio.dev/docs.schema.json', ...schema };
}
