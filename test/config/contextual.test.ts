/**
 * `contextual.options` the menu cannot show are warnings at their place in docs.json: an id the
 * platform documents but Folio does not offer (CONFIG_OPTION_UNSUPPORTED), and an unknown id
 * (CONFIG_INVALID_VALUE). The site still loads, with the other options.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';

let dir = '';
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('contextual options', () => {
  it('warns, with line and column, about options the menu leaves out', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-contextual-'));
    const config = ['{', '  "name": "Acme",', '  "theme": "mint",', '  "colors": { "primary": "#123456" },', '  "navigation": { "pages": ["index"] },', '  "contextual": {', '    "options": ["copy", "assistant", "cursor", "no-such-tool", "windsurf"]', '  }', '}'].join('\n');
    await writeFile(path.join(dir, 'docs.json'), config);
    await writeFile(path.join(dir, 'index.mdx'), '# Hi\n');
    const loaded = await loadDocsConfig(dir);
    expect(loaded.config?.contextual?.options).toEqual(['copy', 'assistant', 'cursor', 'windsurf']);
    const problems = loaded.diagnostics.filter((d) => d.path.startsWith('contextual'));
    expect(problems.map((d) => [d.code, d.severity, d.path, d.line])).toEqual([
      ['CONFIG_OPTION_UNSUPPORTED', 'warning', 'contextual.options[1]', 7],
      ['CONFIG_INVALID_VALUE', 'warning', 'contextual.options[3]', 7],
      ['CONFIG_OPTION_UNSUPPORTED', 'warning', 'contextual.options[4]', 7],
    ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))));
    const assistant = problems.find((d) => d.path === 'contextual.options[1]')!;
    expect(assistant.column).toBe(config.split('\n')[6]!.indexOf('"assistant"') + 1);
    expect(assistant.message).toContain('no built-in assistant');
  });
});
