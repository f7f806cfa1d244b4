import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A small docs site; `guides/deploy.mdx` exists but no navigation lists it, so folio-maintainer has work to do. */
export const DOCS_FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Dashboard Fixture',
      colors: { primary: '#3d4ed8' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] },
    },
    null,
    2,
  )}\n`,
  'index.mdx': '---\ntitle: Welcome to the fixture\n---\n\nRead [setup](/guides/setup).\n',
  'guides/setup.mdx': '---\ntitle: Setup\n---\n\nInstall it.\n',
  'guides/deploy.mdx': '---\ntitle: Deploy\n---\n\nShip it.\n',
};

/** Run git without a shell, with a fixed identity and default branch. */
export function git(cwd: string, args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Dashboard Test', '-c', 'user.email=dash@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** A bare repository `<root>/docs.git` whose main branch holds `files`. */
export function createBareRepo(root: string, files: Record<string, string> = DOCS_FILES): string {
  const seed = path.join(root, 'seed');
  const bare = path.join(root, 'docs.git');
  fs.mkdirSync(seed, { recursive: true });
  git(seed, ['init', '-q']);
  writeFiles(seed, files);
  git(seed, ['add', '-A']);
  git(seed, ['commit', '-q', '-m', 'Initial docs']);
  git(root, ['clone', '-q', '--bare', seed, bare]);
  fs.rmSync(seed, { recursive: true, force: true });
  return bare;
}

/** Commit `files` on top of the bare repository's main branch (a push from "someone else"). */
export function pushChange(root: string, bare: string, files: Record<string, string>, message: string): void {
  const work = path.join(root, `work-${Date.now()}`);
  git(root, ['clone', '-q', bare, work]);
  writeFiles(work, files);
  git(work, ['add', '-A']);
  git(work, ['commit', '-q', '-m', message]);
  git(work, ['push', '-q', 'origin', 'main']);
  fs.rmSync(work, { recursive: true, force: true });
}
