import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild } from '../updates/publish.js';
import { serveSite } from './serve-site.js';

describe('serveSite', () => {
  let data: string;
  beforeAll(() => {
    data = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-serve-'));
    const site = path.join(data, 'sites', 'p');
    const build = path.join(site, 'builds', 'b1');
    fs.mkdirSync(path.join(build, 'guide'), { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), 'HOME');
    fs.writeFileSync(path.join(build, 'about.html'), 'ABOUT');
    fs.writeFileSync(path.join(build, 'guide', 'index.html'), 'GUIDE');
    fs.writeFileSync(path.join(build, '404.html'), 'MISSING');
    fs.writeFileSync(path.join(site, 'secret.txt'), 'SECRET');
    fs.writeFileSync(path.join(data, 'secret.txt'), 'SECRET');
    fs.symlinkSync(path.join(data, 'secret.txt'), path.join(build, 'link.txt'));
    publishBuild(site, build);
  });
  afterAll(() => fs.rmSync(data, { recursive: true, force: true }));

  const get = async (url: string) => {
    const res = await serveSite(data, 'p', new Request(`http://p.localhost${url}`));
    return { status: res.status, text: await res.text() };
  };

  it('maps /path to path, path.html and path/index.html', async () => {
    expect(await get('/')).toEqual({ status: 200, text: 'HOME' });
    expect(await get('/about')).toEqual({ status: 200, text: 'ABOUT' });
    expect(await get('/guide')).toEqual({ status: 200, text: 'GUIDE' });
    expect(await get('/guide/')).toEqual({ status: 200, text: 'GUIDE' });
    expect(await get('/nope')).toEqual({ status: 404, text: 'MISSING' });
  });

  it('does not follow a symlink out of the build', async () => {
    expect(await get('/link.txt')).toEqual({ status: 404, text: 'MISSING' });
  });

  it('never answers with a file outside the published build, whatever the path', async () => {
    const segment = fc.constantFrom('..', '.', '%2e%2e', '%2E%2E', '..%2f', '..%5c', '%00', 'secret.txt', 'p', 'sites', 'builds', '', 'guide', '\\..');
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 8 }), async (parts) => {
        const { text } = await get(`/${parts.join('/')}`);
        return !text.includes('SECRET');
      }),
      { numRuns: 300 },
    );
  });
});
