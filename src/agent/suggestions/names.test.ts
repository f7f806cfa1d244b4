import { describe, expect, it } from 'vitest';
import { changedNames, mentionPattern, namesInLine } from './names.js';

const diff = (file: string, removed: string[], added: string[]) =>
  [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, '@@ -1,1 +1,1 @@', ...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`)].join('\n');
const nothingKept = async () => new Set<string>();

describe('changedNames', () => {
  it('pairs a renamed flag, environment variable, config key and OpenAPI operation in their hunks', async () => {
    const text = [
      diff('src/cli.ts', [`  .option('--dry-run')`, `const t = process.env.ACME_TOKEN;`], [`  .option('--preview')`, `const t = process.env.ACME_API_TOKEN;`]),
      diff('config/default.yaml', ['max_retries: 3', 'name: x'], ['retry_limit: 3', 'name: y']),
      diff('api/openapi.yaml', ['      operationId: listUsers', '  /users/{id}:'], ['      operationId: getUsers', '  /accounts/{id}:']),
    ].join('\n');
    const changes = await changedNames(text, nothingKept);
    expect(changes.map((c) => [c.kind, c.old, c.new])).toEqual([
      ['flag', '--dry-run', '--preview'],
      ['env', 'ACME_TOKEN', 'ACME_API_TOKEN'],
      ['config', 'max_retries', 'retry_limit'],
      ['operation', 'listUsers', 'getUsers'],
      ['path', '/users/{id}', '/accounts/{id}'],
    ]);
  });

  it('leaves out names the new commit still holds, names moved between files, and plain words', async () => {
    const text = [diff('a.ts', [`opt('--verbose') // MY_FLAG`], []), diff('b.ts', [], [`opt('--verbose')`]), diff('c.yaml', ['name: 1'], [])].join('\n');
    expect(await changedNames(text, async () => new Set(['MY_FLAG']))).toEqual([]);
  });

  it('reports a removal without a replacement', async () => {
    const changes = await changedNames(diff('src/cli.ts', [`  .option('--legacy-mode')`], []), nothingKept);
    expect(changes).toEqual([{ kind: 'flag', old: '--legacy-mode', new: null, files: ['src/cli.ts'] }]);
  });
});

describe('names and mentions', () => {
  it('reads flags, not front matter fences or long dashes', () => {
    expect(namesInLine('x.md', '--- and -- and `--dry-run` or --foo=bar')).toEqual(new Map([['flag', ['--dry-run', '--foo']]]));
  });

  it('matches a name whole', () => {
    expect(mentionPattern('flag', '--dry-run').test('use --dry-run-all')).toBe(false);
    expect(mentionPattern('flag', '--dry-run').test('use `--dry-run`.')).toBe(true);
    expect(mentionPattern('env', 'ACME_TOKEN').test('ACME_TOKEN_FILE')).toBe(false);
    expect(mentionPattern('path', '/users/{id}').test('GET /users/{id}/keys')).toBe(false);
    expect(mentionPattern('path', '/users/{id}').test('GET /users/{id} returns')).toBe(true);
  });
});
