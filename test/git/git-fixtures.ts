import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Files of a small docs site: one page exists on disk but no navigation lists it. */
export const SITE_FILES: Record<string, string> = {
  'docs.json': JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Fixture Docs',
      colors: { primary: '#0D9373' },
      navigation: {
        groups: [
          { group: 'Get started', pages: ['index', 'quickstart'] },
          { group: 'Guides', pages: ['guides/setup'] },
        ],
      },
    },
    null,
    2,
  ) + '\n',
  'index.mdx': '---\ntitle: Welcome\n---\n\nStart with the [quickstart](/quickstart).\n',
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n\nRead [setup](/guides/setup) next.\n',
  'guides/setup.mdx': '---\ntitle: Setup\n---\n\nInstall it.\n',
  'guides/deploy.mdx': '---\ntitle: Deploy\n---\n\nShip it.\n',
};

function git(cwd: string, args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

/** A temporary folder removed by the returned cleanup. */
export async function tempDir(prefix = 'folio-agent-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A bare repository at `<root>/<name>.git` whose main branch holds `files`. */
export async function createBareRepo(root: string, files: Record<string, string> = SITE_FILES, name = 'docs'): Promise<string> {
  const bare = path.join(root, `${name}.git`);
  const seed = path.join(root, `${name}-seed`);
  await mkdir(seed, { recursive: true });
  git(seed, ['init', '-q']);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(seed, file)), { recursive: true });
    await writeFile(path.join(seed, file), text);
  }
  git(seed, ['add', '-A']);
  git(seed, ['commit', '-q', '-m', 'Initial docs']);
  git(root, ['clone', '-q', '--bare', seed, bare]);
  await rm(seed, { recursive: true, force: true });
  return bare;
}

/** Run git in a (bare) repository and return its trimmed output. */
export function gitOut(repo: string, args: string[]): string {
  return git(repo, args).trim();
}

/** Write `files` into the working copy `work`, commit them and push its main branch to origin. */
export function commitAndPush(work: string, files: Record<string, string>, message: string): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
    writeFileSync(path.join(work, name), text);
  }
  git(work, ['add', '-A']);
  git(work, ['commit', '-q', '-m', message]);
  git(work, ['push', '-q', 'origin', 'main']);
}
