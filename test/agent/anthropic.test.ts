import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { llmAgent } from '../../src/agent/llm/llm-agent.js';
import { SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { startAnthropicStandIn } from './llm-stand-in.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

describe('language-model agent through the Anthropic provider', () => {
  it('runs the tool loop against a Messages API stand-in and keeps writes inside the docs root', async () => {
    const tmp = await tempDir();
    cleanup.push(tmp.cleanup);
    for (const [file, text] of Object.entries(SITE_FILES)) {
      await mkdir(path.dirname(path.join(tmp.dir, file)), { recursive: true });
      await writeFile(path.join(tmp.dir, file), text);
    }
    const api = await startAnthropicStandIn([
      { tools: [{ name: 'search_files', args: { query: 'install' } }] },
      { tools: [{ name: 'write_file', args: { path: '../escape.mdx', content: 'x' } }] },
      { tools: [{ name: 'write_file', args: { path: 'guides/setup.mdx', content: '---\ntitle: Setup\n---\n\nInstall it with npm.\n' } }] },
      { text: 'Clarify the setup guide\n\nMentioned npm.' },
    ]);
    cleanup.push(api.close);
    const run = await llmAgent({ provider: 'anthropic', baseUrl: api.baseUrl, apiKey: 'test-key' }, 'claude-test')({ root: tmp.dir, prompt: 'Say how to install' });
    expect(run.title).toBe('Clarify the setup guide');
    expect(run.summary).toContain('Files written: `guides/setup.mdx`');
    expect(await readFile(path.join(tmp.dir, 'guides/setup.mdx'), 'utf8')).toContain('npm');
    await expect(readFile(path.join(tmp.dir, '..', 'escape.mdx'))).rejects.toThrow();
    const results = JSON.stringify(api.received.at(-1)!.messages);
    expect(results).toContain('guides/setup.mdx:5: Install it.');
    expect(results).toContain('outside the docs root');
  });
});
