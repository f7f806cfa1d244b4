import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncApiFromText, checkSpecText } from '../../src/openapi/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';

// Specs nested thousands of levels deep are a few kilobytes: every reader after the parser recursed once per
// level, and one such file crashed `folio openapi-check`, `folio build --untrusted` and hosted updates.
const HEAD = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},"x-deep":';
const deepJson = (levels: number) => `${HEAD}${'['.repeat(levels)}${']'.repeat(levels)}}`;
const YAML_HEAD = 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n';
const TOO_DEEP =
  'error objects and arrays nest more than 128 levels deep from here, past what Folio reads (real specs stay under 30); the spec is not read. Flatten it: move nested schemas into `components` and point at them with `$ref`';

describe('spec nesting depth', () => {
  it('refuses a 4 KB JSON spec 2,000 levels deep at the bracket opening level 129', async () => {
    const text = deepJson(2000);
    expect(text.length).toBeLessThan(4200);
    const result = await checkSpecText('openapi.json', text);
    // The root object is level 1 and `x-deep`'s array level 2: the 128th bracket opens level 129.
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([`openapi.json:1:${HEAD.length + 128} ${TOO_DEEP}`]);
    expect(result.diagnostics[0]!.code).toBe('OPENAPI_TOO_DEEP');
  });

  it('reads a spec nested exactly to the limit', async () => {
    const result = await checkSpecText('openapi.json', deepJson(127));
    expect(result.diagnostics).toEqual([]);
  });

  it('refuses deep YAML in flow style, block style, and nested through aliases', async () => {
    const flow = await checkSpecText('flow.yaml', `${YAML_HEAD}x-deep: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    expect(flow.diagnostics.map(formatDiagnostic)).toEqual([`flow.yaml:4:${'x-deep: '.length + 128} ${TOO_DEEP}`]);
    const block = await checkSpecText('block.yaml', `${YAML_HEAD}x-deep:\n  ${'- '.repeat(5000)}a\n`);
    expect(block.diagnostics.map(formatDiagnostic)).toEqual([`block.yaml:5:${2 + 2 * 127 + 1} ${TOO_DEEP}`]);
    // Each anchor is 60 levels deep and holds the previous one: a2 (line 7) reaches 182 levels once composed.
    const lines = ['x-a:', `  a0: &a0 ${'['.repeat(60)}${']'.repeat(60)}`];
    for (let i = 1; i < 60; i++) lines.push(`  a${i}: &a${i} ${'['.repeat(60)}*a${i - 1}${']'.repeat(60)}`);
    const alias = await checkSpecText('alias.yaml', `${YAML_HEAD}${lines.join('\n')}\n`);
    expect(alias.diagnostics).toHaveLength(1);
    expect(alias.diagnostics[0]).toMatchObject({ code: 'OPENAPI_TOO_DEEP', severity: 'error', line: 7 });
    expect(alias.diagnostics[0]!.path).toMatch(/^x-a\.a2\.0(\.0)+$/);
  });

  it('refuses a deep AsyncAPI document under its own code', () => {
    const { spec, diagnostics } = asyncApiFromText('asyncapi.yaml', `asyncapi: 3.0.0\nchannels: {}\nx-deep: ${'{a: '.repeat(3000)}${'}'.repeat(3000)}\n`);
    expect(spec).toBeUndefined();
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([`3:${'x-deep: '.length + 4 * 127 + 1} ASYNCAPI_TOO_DEEP`]);
  });

  it('names a $ref chain too long for the validator instead of a stack overflow', async () => {
    const schemas: Record<string, unknown> = { S3000: { type: 'string' } };
    for (let i = 0; i < 3000; i++) schemas[`S${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    const spec = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
    const result = await checkSpecText('chain.json', JSON.stringify(spec));
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      'chain.json:1:1 error could not be validated: following its `$ref`s goes deeper than the validator can (a chain of thousands of schemas, each referencing the next); shorten the chain',
    ]);
  });
});

describe('deep specs through the CLI', () => {
  const run = promisify(execFile);
  const cwd = path.resolve(import.meta.dirname, '../..');
  const folio = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd }).then(
      ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
    );
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-deep-spec-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), deepJson(2000));
    fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Deep', theme: 'mint', colors: { primary: '#123456' }, navigation: { pages: ['index'] }, api: { openapi: 'openapi.json' } }));
    fs.writeFileSync(path.join(dir, 'index.mdx'), '# Home\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('folio openapi-check exits 1 with the located problem', async () => {
    const { code, out } = await folio('openapi-check', path.join(dir, 'openapi.json'));
    expect(code).toBe(1);
    expect(out).toContain(`${path.join(dir, 'openapi.json')}:1:${HEAD.length + 128} ${TOO_DEEP}\n`);
    expect(out).not.toMatch(/RangeError|\n\s+at /);
  });

  it('folio build --untrusted reports the spec and does not crash', async () => {
    const { code, out } = await folio('build', dir, '--untrusted', '--out', path.join(dir, 'out'));
    expect(code).toBe(1);
    expect(out).toContain(`openapi.json:1:${HEAD.length + 128} ${TOO_DEEP}`);
    expect(out).toMatch(/OPENAPI_TOO_DEEP error ×1/);
    expect(out).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
  });
});
