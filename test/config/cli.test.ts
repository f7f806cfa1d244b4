import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each case spawns the CLI through tsx (~1-5 s each on a busy 2-core machine).
vi.setConfig({ testTimeout: 120_000 });

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');

/** Run the CLI from the TypeScript sources, as `npm run folio` does. */
function folio(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

describe('folio validate', () => {
  it('exits 0 for a valid site and prints warnings', () => {
    const r = folio('validate', path.join(fixtures, 'valid-unknown-key-warning'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(fixtures, 'valid-unknown-key-warning', 'expected.txt'), 'utf8'));
  });

  it('exits 1 for an invalid site with every problem on its own line', () => {
    const r = folio('validate', path.join(fixtures, 'invalid-many-problems'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(fs.readFileSync(path.join(fixtures, 'invalid-many-problems', 'expected.txt'), 'utf8'));
  });

  it('accepts the docs.json file itself as the argument', () => {
    const r = folio('validate', path.join(fixtures, 'invalid-many-problems', 'docs.json'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(fs.readFileSync(path.join(fixtures, 'invalid-many-problems', 'expected.txt'), 'utf8'));
  });

  it('turns every warning into an error with --strict', () => {
    const site = path.join(fixtures, 'valid-unknown-theme-typo-warning');
    expect(folio('validate', site).code).toBe(0);
    const r = folio('validate', '--strict', site);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(fs.readFileSync(path.join(site, 'expected.txt'), 'utf8').replace(' warning ', ' error '));
    expect(r.stderr).toContain('1 error(s), 0 warning(s) (--strict: warnings count as errors)');
  });

  it('reads trailing commas and comments with a warning each, which --strict refuses', () => {
    const site = path.join(fixtures, 'valid-comments-trailing-commas');
    const r = folio('validate', site);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(site, 'expected.txt'), 'utf8'));
    const strict = folio('validate', '--strict', site);
    expect(strict.code).toBe(1);
    const lines = strict.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(6);
    expect(lines.every((l) => / error .*plain JSON does not allow/.test(l))).toBe(true);
  });

  it('exits 2 for unreadable input', () => {
    expect(folio('validate', path.join(fixtures, 'invalid-json-syntax')).code).toBe(2);
    expect(folio('validate', path.join(fixtures, 'invalid-no-config')).code).toBe(2);
  });

  it('prints { valid, errors, warnings } with --json', () => {
    const r = folio('validate', '--json', path.join(fixtures, 'invalid-tab-missing-title'));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      valid: false,
      errors: [{ file: 'docs.json', line: 8, column: 7, path: 'navigation.tabs[0].tab', code: 'CONFIG_MISSING_FIELD', message: '`navigation.tabs[0].tab` is required; add a string' }],
      warnings: [{ file: 'docs.json', line: 9, column: 9, path: 'navigation.tabs[0].name', code: 'CONFIG_UNKNOWN_KEY', message: 'unknown key `name` in `navigation.tabs[0]` is ignored; remove it or check the spelling' }],
    });
  });
});

describe('folio upgrade', () => {
  it('writes an equivalent docs.json, refuses to overwrite without --force', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-upgrade-'));
    temps.push(dir);
    fs.cpSync(path.join(fixtures, 'valid-mint-json'), dir, { recursive: true });
    fs.rmSync(path.join(dir, 'expected.txt'));
    const first = folio('upgrade', dir);
    expect(first.code).toBe(0);
    const docs = JSON.parse(fs.readFileSync(path.join(dir, 'docs.json'), 'utf8'));
    expect(docs.navigation.tabs.map((t: { tab: string }) => t.tab)).toEqual(['Documentation', 'API']);
    expect(docs.navigation.global.anchors[0]).toEqual({ anchor: 'GitHub', icon: 'github', href: 'https://github.com/x' });
    expect(docs.navbar).toEqual({ links: [{ label: 'Support', href: '/support' }], primary: { type: 'button', label: 'App', href: 'https://app.example.com' } });
    expect(folio('validate', dir).code).toBe(0);
    expect(folio('upgrade', dir).code).toBe(1);
    expect(folio('upgrade', '--force', dir).code).toBe(0);
  });
});

describe('folio schema', () => {
  it('prints the JSON Schema that is committed as docs.schema.json', () => {
    const r = folio('schema');
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    expect(schema.$defs.NavGroup.anyOf[0].properties.root.description).toMatch(/clicked/);
    expect(r.stdout).toBe(fs.readFileSync(path.join(repo, 'docs.schema.json'), 'utf8'));
  });
});
