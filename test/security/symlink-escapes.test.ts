/**
 * Symlink escapes from issue 13, each through the code every build path shares (`buildSite`, used
 * by `folio build`, updates of `folio serve` and the agent's verify build) or `folio dev`:
 * a snippet linked to /etc/passwd, a static file linked out of the root, and links planted in the
 * output folder (with a forged `.folio-cache` manifest) that would steer writes and deletes.
 */
import { request } from 'node:http';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { buildSite } from '../../src/site-build/index.js';

let dir: string;
let root: string;
let outside: string;
const SECRET = 'secret-outside-the-root';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-escape-'));
  root = path.join(dir, 'docs');
  outside = path.join(dir, 'outside');
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), SECRET);
  await writeFile(path.join(outside, 'keep.html'), 'not the build’s');
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({ name: 'Hostile', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['index', 'guide/page'] }] } }),
  );
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nimport Leak from "/snippets/leak.mdx";\n\n<Leak />\n');
  await mkdir(path.join(root, 'guide'));
  await writeFile(path.join(root, 'guide', 'page.mdx'), '---\ntitle: Page\n---\n\nHello.\n');
  await symlink('/etc/passwd', path.join(root, 'snippets', 'leak.mdx'));
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'image.png'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Names and contents of everything in `outside`, to show the build left it alone. */
async function outsideState(): Promise<string[]> {
  const names = (await readdir(outside)).sort();
  return Promise.all(names.map(async (n) => `${n}:${(await lstat(path.join(outside, n))).isFile() ? await readFile(path.join(outside, n), 'utf8') : 'dir'}`));
}

describe('symlink escapes', () => {
  it('does not inline a snippet linked to /etc/passwd, and says where the import is', async () => {
    const out = path.join(dir, 'out-snippet');
    const result = await buildSite({ root, outDir: out, search: false });
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(/root:x?:0:0/);
    const refused = result.diagnostics.find((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT' && d.file === 'index.mdx');
    expect(refused).toMatchObject({ severity: 'error', line: 5, column: 19 });
    // The static file linked out of the root is not published either.
    const image = result.diagnostics.find((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT' && d.file === 'image.png');
    expect(image?.severity).toBe('error');
    await expect(lstat(path.join(out, 'image.png'))).rejects.toThrow();
  });

  it('folio dev does not serve /image.png linked outside the root', async () => {
    const logs: string[] = [];
    const server = await startDevServer({ root, port: 0, log: (l) => logs.push(l) });
    try {
      const { port } = new URL(server.url);
      const body = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/image.png' }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(body.status).toBe(404);
      expect(body.body).not.toContain(SECRET);
      expect(logs.join('\n')).toContain('image.png: a symbolic link to a file outside the docs root');
    } finally {
      await server.close();
    }
  });

  it('folio build neither writes nor deletes through links planted in the output folder', async () => {
    const out = path.join(dir, 'out-planted');
    await mkdir(path.join(out, '.folio-cache'), { recursive: true });
    // `guide/` would carry guide/page.html out; `index.html` would overwrite the secret; the forged
    // manifest lists a file behind a link and a page the site does not have, to have them deleted.
    await symlink(outside, path.join(out, 'guide'));
    await symlink(path.join(outside, 'secret.txt'), path.join(out, 'index.html'));
    await symlink(outside, path.join(out, 'victim'));
    await writeFile(
      path.join(out, '.folio-cache', 'manifest.json'),
      JSON.stringify({ format: 'folio-build-5', pages: { '/victim/keep': 'x', '/victim/secret': 'y' }, files: ['victim/keep.html', '../outside/keep.html'] }),
    );
    const before = await outsideState();
    const result = await buildSite({ root, outDir: out, search: false });
    expect(await outsideState()).toEqual(before);
    const refused = result.diagnostics.filter((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT');
    expect(refused.map((d) => d.file)).toEqual(expect.arrayContaining(['guide/page.mdx', 'index.mdx']));
    expect(refused.find((d) => d.file === 'guide/page.mdx')?.message).toContain('symbolic link');
    expect(result.ok).toBe(false);
  });

  it('folio build writes no cache through a linked .folio-cache', async () => {
    const out = path.join(dir, 'out-cache');
    await mkdir(out);
    await symlink(outside, path.join(out, '.folio-cache'));
    const before = await outsideState();
    const result = await buildSite({ root, outDir: out, search: false });
    expect(await outsideState()).toEqual(before);
    expect(result.diagnostics.some((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT' && d.message.includes('.folio-cache'))).toBe(true);
  });
});
