import { z } from 'zod';
import { openApiConfig } from './primitives.js';

export const apiSchema = z
  .object({
    openapi: openApiConfig.optional().describe('OpenAPI specification(s) of the site: string, array, or `{ source, directory }`.'),
    asyncapi: openApiConfig.optional().describe('AsyncAPI specification(s) of the site: string, array, or `{ source, directory }`.'),
    playground: z
      .object({
        display: z
          .enum(['interactive', 'simple', 'none', 'auth'])
          .optional()
          .describe('API playground mode: `interactive` (default), `simple`, `none` or `auth`.'),
        proxy: z.boolean().optional().describe('Send playground requests through a proxy (default `true`).'),
        credentials: z.boolean().optional().describe('Send cookies and auth headers cross-origin when `proxy` is `false`.'),
      })
      .optional()
      .describe('Interactive API playground settings.'),
    params: z
      .object({
        expanded: z.enum(['all', 'closed']).optional().describe('Show parameters `all` expanded or `closed` (default).'),
        post: z.array(z.string()).optional().describe('Schema keys shown as pills next to each parameter name.'),
      })
      .optional()
      .describe('Parameter display settings.'),
    url: z.enum(['full']).optional().describe('`full` always shows the full base URL of endpoints.'),
    examples: z
      .object({
        languages: z.array(z.string()).optional().describe('Languages of generated code samples, for example `curl`, `python`.'),
        defaults: z.enum(['required', 'all']).optional().describe('Include `all` parameters (default) or only `required` ones in samples.'),
        prefill: z.boolean().optional().describe('Prefill playground fields with example values from the spec.'),
        autogenerate: z.boolean().optional().describe('Generate code samples from the spec (default `true`).'),
      })
      .optional()
      .describe('Generated code sample settings.'),
    mdx: z
      .object({
        auth: z
          .object({
            method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional().describe('Authentication method of MDX endpoint pages.'),
            name: z.string().optional().describe('Header or parameter name carrying the key.'),
          })
          .optional()
          .describe('Authentication of endpoints documented by MDX pages.'),
        server: z
          .union([z.string(), z.array(z.string())])
          .optional()
          .describe('Base URL(s) of endpoints documented by MDX pages.'),
      })
      .optional()
      .describe('Settings for endpoints written as MDX pages (without a spec).'),
  })
  .describe('API reference and playground settings.');
