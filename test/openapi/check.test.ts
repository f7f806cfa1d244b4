import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSpecText } from '../../src/openapi/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';

const YAML = `openapi: 3.1.0
info:
  title: X
  version: '1'
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
  /b:
    post:
      parameters:
        - name: q
          in: nowhere
      responses:
        '200':
          description: ok
`;

const JSON_TEXT = `{
  "openapi": "3.0.3",
  "info": { "title": "X", "version": "1" },
  "paths": {
    "/a": {
      "get": {
        "responses": {
          "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Missing" } } } }
        }
      }
    },
    "/b": {
      "post": {
        "parameters": [
          { "name": "q", "in": "nowhere" }
        ],
        "responses": { "200": { "description": "ok" } }
      }
    }
  }
}
`;

describe('checkSpecText positions', () => {
  it('maps YAML errors to the offending key', async () => {
    const result = await checkSpecText('spec.yaml', YAML);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      'spec.yaml:19:11 error /paths/~1b/post/parameters/0/in must be equal to one of the allowed values; correct this field to match the OpenAPI 3.1 schema',
      'spec.yaml:14:17 error $ref "#/components/schemas/Missing" points to nothing in this spec; add the missing definition or fix the reference',
    ]);
  });

  it('maps JSON errors to the offending key', async () => {
    const result = await checkSpecText('spec.json', JSON_TEXT);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['15:26 OPENAPI_INVALID', '8:88 OPENAPI_BAD_REF']);
  });

  it('reports syntax errors with their position', async () => {
    const yaml = await checkSpecText('bad.yaml', 'openapi: 3.1.0\ninfo:\n  title: [unclosed\n');
    expect(yaml.diagnostics[0]).toMatchObject({ code: 'OPENAPI_PARSE_ERROR', line: 4 });
    const json = await checkSpecText('bad.json', '{\n  "openapi": "3.1.0",\n  "info": }\n');
    expect(json.diagnostics[0]).toMatchObject({ code: 'OPENAPI_PARSE_ERROR', line: 3, column: 11 });
  });

  it('accepts a valid spec and Swagger 2.0', async () => {
    expect((await checkSpecText('ok.yaml', 'openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths: {}\n')).diagnostics).toEqual([]);
    const swagger = await checkSpecText('old.json', JSON.stringify({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } }));
    expect(swagger.version).toBe('2.0');
    expect(swagger.diagnostics).toEqual([]);
  });

  it('follows references to files inside the root, and only those', async () => {
    const root = path.join(import.meta.dirname, 'fixtures/external-refs');
    const absolutePath = path.join(root, 'api/spec.yaml');
    const result = await checkSpecText('api/spec.yaml', fs.readFileSync(absolutePath, 'utf8'), { root, absolutePath });
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['OPENAPI_SOURCE_OUTSIDE_ROOT 1:1', 'OPENAPI_BAD_REF 27:17']);
    const unbundled = await checkSpecText('api/spec.yaml', fs.readFileSync(absolutePath, 'utf8'));
    expect(unbundled.diagnostics.filter((d) => d.code === 'OPENAPI_BAD_REF')).toHaveLength(3);
  });

  it('refuses exponential YAML alias expansion instead of hanging', async () => {
    const lines = ['openapi: 3.1.0', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const result = await checkSpecText('bomb.yaml', lines.join('\n') + '\n');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['OPENAPI_PARSE_ERROR']);
  });

  it('refuses a document without a version field', async () => {
    const result = await checkSpecText('x.yaml', 'info: {title: X}\n');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['OPENAPI_INVALID']);
  });
});

describe('folio openapi-check', () => {
  const run = promisify(execFile);
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-check-'));
    fs.writeFileSync(path.join(dir, 'bad.yaml'), YAML);
    fs.writeFileSync(path.join(dir, 'good.yaml'), 'openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths: {}\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cli = (file: string) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'openapi-check', file], { cwd: path.resolve(import.meta.dirname, '../..') }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );

  it('prints file:line:column lines and exits 1 on errors, 0 when valid', async () => {
    const bad = await cli(path.join(dir, 'bad.yaml'));
    expect(bad.code).toBe(1);
    expect(bad.stdout.trim().split('\n').map((l) => l.replace(dir, '<dir>').split(' error ')[0])).toEqual(['<dir>/bad.yaml:14:17', '<dir>/bad.yaml:19:11']);
    const good = await cli(path.join(dir, 'good.yaml'));
    expect(good).toEqual({ code: 0, stdout: '' });
  }, 60_000);
});
