/**
 * Issue 13, code vectors against a whole build: a hostile repository whose pages and snippets each
 * try to write a marker file (or publish the environment) through every place MDX evaluates
 * code, plus raw HTML that would run in readers' browsers. `folio build --untrusted`, the agent's
 * verify build and a `folio serve` update (both untrusted too) must write no marker, publish no secret, sanitise the HTML
 * and say where each thing was left out; a trusted `folio build` of benign pages still evaluates
 * ordinary JavaScript expressions. Its docs.json also sends redirects to `javascript:` and `data:`
 * URLs. A second repository (`links`) tries to leave its root through symbolic links: a snippet and a
 * static file linked to a file outside, a folder linked outside, a `.folio-cache` link, and (for
 * `folio build`, whose output folder is the user's) links planted in the output folder. Each build
 * path must read and write nothing outside and say where each link is.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { lstat, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFolioBuild } from './cli-build.js';
import { siteErrors } from '../../src/agent/verify.js';
import { createApiKey, createProject } from '../../src/db/index.js';
import { runServer } from '../../src/server/index.js';
import { execFileSync } from 'node:child_process';
import { buildSite } from '../../src/site-build/index.js';
import type { Diagnostic } from '../../src/shared/index.js';

const SECRET = 'folio-untrusted-secret-9f3a';

const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-untrusted-'));
const root = path.join(dir, 'docs');
const markers = path.join(dir, 'markers');
const marker = (name: string) => JSON.stringify(path.join(markers, name));
const write = (name: string) => `process.getBuiltinModule("fs").writeFileSync(${marker(name)}, "x")`;

/** Page name → [body, line of the payload in the file (frontmatter is 3 lines + blank)]. */
const VECTORS: Record<string, [string, number]> = {
  'builtin-module': [`{${write('builtin-module')}}`, 5],
  'dynamic-import': [`{import("node:fs").then((f) => f.writeFileSync(${marker('dynamic-import')}, "x"))}`, 5],
  'function-ctor': [`{Function("return process")().getBuiltinModule("fs").writeFileSync(${marker('function-ctor')}, "x")}`, 5],
  eval: [`{eval(${JSON.stringify(write('eval'))})}`, 5],
  'constructor-chain': [`{"".constructor.constructor("return process")().getBuiltinModule("fs").writeFileSync(${marker('constructor-chain')}, "x")}`, 5],
  'export-const': [`export const x = ${write('export-const')};\n\nValue: {x}`, 5],
  'attribute-expression': [`<Card title={${write('attribute-expression')} || "t"}>Body</Card>`, 5],
  'spread-attribute': [`<Card {...(${write('spread-attribute')}, {})} title="t">Body</Card>`, 5],
  'lowercase-attribute': [`<div title={globalThis.process.getBuiltinModule("fs").writeFileSync(${marker('lowercase-attribute')}, "x")}>d</div>`, 5],
  'component-body': [`export const Evil = () => { ${write('component-body')}; return <b>evil</b>; };\n\n<Evil />`, 5],
  'mdx-snippet-component': [`import { Boom } from "/snippets/boom.mdx";\n\n<Boom />`, 5],
  'env-leak': [`{JSON.stringify(process.env)}\n\n{process.env.FOLIO_UNTRUSTED_SECRET}`, 5],
};

const HOSTILE_HTML = [
  '<script>window.pwned = "script"</script>',
  '<img src="/logo.png" alt="logo" onError="window.pwned = 1" />',
  '<a href="javascript:window.pwned=2">js link</a>',
  '[md link](javascript:window.pwned=3)',
  '<iframe srcDoc="<script>window.pwned=4</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/abc123" title="video"></iframe>',
  '<div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=window.pwned=5>" }} />',
  '<svg><script>window.pwned = 6</script></svg>',
  '<meta httpEquiv="refresh" content="0;url=https://evil.example/" />',
  '<base href="https://evil.example/" />',
  '<FolioCode html="<img src=x onerror=window.pwned=7>" />',
  '<Card title="icon" icon={<svg onLoad="window.pwned=8"><path d="M0 0" /></svg>}>card</Card>',
];

beforeAll(async () => {
  process.env.FOLIO_UNTRUSTED_SECRET = SECRET;
  await mkdir(path.join(root, 'snippets'), { recursive: true });
  await mkdir(markers);
  await writeFile(path.join(root, 'docs.json'), HOSTILE_DOCS_JSON());
  for (const [name, [body]] of Object.entries(VECTORS)) await writeFile(path.join(root, `${name}.mdx`), `---\ntitle: ${name}\n---\n\n${body}\n`);
  await writeFile(path.join(root, 'html.mdx'), `---\ntitle: HTML\n---\n\n${HOSTILE_HTML.join('\n\n')}\n`);
  // Components defined as templates render from their props without running; the .jsx snippet's top-level code never runs.
  await writeFile(
    path.join(root, 'templates.mdx'),
    '---\ntitle: Templates\n---\n\nimport { Widget } from "/snippets/widget.jsx";\n\n' +
      'export const Badge = ({ text, color = "blue" }) => <span className={"badge-" + color}>{text}</span>;\n\n' +
      '<Badge text="New" />\n\n<Widget label="from a jsx snippet" />\n',
  );
  await writeFile(path.join(root, 'snippets', 'boom.mdx'), `export const Boom = () => { ${write('mdx-snippet-component')}; return <b>boom</b>; };\n`);
  await writeFile(
    path.join(root, 'snippets', 'widget.jsx'),
    `${write('jsx-snippet')};\nexport const Widget = ({ label }) => {\n  const upper = label;\n  return <span className="widget">{upper}</span>;\n};\n`,
  );

  // The links repository: every link points into `outside`.
  await mkdir(path.join(links, 'snippets'), { recursive: true });
  await mkdir(path.join(links, 'guide'));
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), LINK_SECRET);
  await writeFile(path.join(outside, 'page.mdx'), `---\ntitle: Outside\n---\n\n${OUTSIDE_PAGE}\n`);
  await writeFile(path.join(outside, 'keep.html'), 'not the build’s');
  await writeFile(
    path.join(links, 'docs.json'),
    JSON.stringify({ name: 'Links', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['index', 'guide/page', 'planted/page'] }] } }, null, 2),
  );
  await writeFile(path.join(links, 'index.mdx'), '---\ntitle: Home\n---\n\nimport Leak from "/snippets/leak.mdx";\n\n<Leak />\n\n![logo](/image.png)\n');
  await writeFile(path.join(links, 'guide', 'page.mdx'), '---\ntitle: Guide\n---\n\nHello.\n');
  await symlink(path.join(outside, 'secret.txt'), path.join(links, 'snippets', 'leak.mdx'));
  await symlink(path.join(outside, 'secret.txt'), path.join(links, 'image.png'));
  await symlink(outside, path.join(links, 'planted'));
  await symlink(outside, path.join(links, '.folio-cache'));
});
afterAll(async () => {
  if (process.env.KEEP_UNTRUSTED) return;
  delete process.env.FOLIO_UNTRUSTED_SECRET;
  await rm(dir, { recursive: true, force: true });
});

const written = async () => readdir(markers);

/** Redirect destinations a repository may not send readers to. */
const UNSAFE_REDIRECTS = [
  { source: '/go-js', destination: 'javascript:alert(document.cookie)' },
  { source: '/go-data', destination: 'data:text/html,<script>alert(1)</script>' },
];
/** docs.json of the hostile repository, one setting a line so diagnostics have lines to point at. */
const HOSTILE_DOCS_JSON = () =>
  JSON.stringify({ name: 'Hostile', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: [...Object.keys(VECTORS), 'html', 'templates'] }] }, redirects: UNSAFE_REDIRECTS }, null, 2);
/** Line of docs.json holding `text`. */
const docsJsonLine = (text: string) => HOSTILE_DOCS_JSON().split('\n').findIndex((l) => l.includes(text)) + 1;

// The symbolic-link repository and the folder its links point into.
const links = path.join(dir, 'links');
const outside = path.join(dir, 'outside');
const LINK_SECRET = 'outside-secret-5c1e';
const OUTSIDE_PAGE = 'outside-page-7d2b';

/** Every file in `outside` with its content (links as their target): to show a build left it alone. */
async function outsideState(): Promise<string[]> {
  const names = (await readdir(outside, { recursive: true })).map(String).sort();
  return Promise.all(
    names.map(async (n) => {
      const st = await lstat(path.join(outside, n));
      return `${n}:${st.isFile() ? await readFile(path.join(outside, n), 'utf8') : st.isDirectory() ? 'dir' : 'other'}`;
    }),
  );
}

/** Regular files under `top` whose content holds `needle`; links (planted ones too) are not followed. */
async function filesHolding(top: string, needle: string, rel = ''): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(path.join(top, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) hits.push(...(await filesHolding(top, needle, name)));
    else if (entry.isFile() && (await readFile(path.join(top, name), 'utf8')).includes(needle)) hits.push(name);
  }
  return hits;
}

/** Run `folio build <args>` in this process (a child process costs ~10 s of tsx start-up on a busy machine). */
async function folioBuild(args: string[]): Promise<{ exitCode: number | undefined; stdout: string; stderr: string; diagnostics: Diagnostic[] }> {
  const { exitCode, stdout, stderr } = await runFolioBuild(args);
  // Diagnostics as printed (file:line:column severity message); the code is told by the message.
  const codeOf = (message: string) =>
    message.includes('needs JavaScript, which Folio does not run')
      ? 'MDX_UNTRUSTED_CODE'
      : message.includes('raw HTML that could run code')
        ? 'MDX_UNSAFE_HTML'
        : message.includes('is neither a site path')
          ? 'BUILD_REDIRECT_UNSAFE'
          : message.includes('Folio does not follow links in the docs root')
            ? 'CONTENT_SYMLINK_SKIPPED'
            : message.includes('symbolic link')
              ? 'BUILD_PATH_OUTSIDE_ROOT'
              : 'OTHER';
  const diagnostics = stdout
    .split('\n')
    .map((l) => /^(\S+?):(\d+):(\d+) (\w+) (.*)$/.exec(l))
    .filter((m) => m !== null)
    .map((m) => ({ file: m[1]!, line: Number(m[2]), column: Number(m[3]), severity: m[4] as 'warning', code: codeOf(m[5]!), path: '', message: m[5]! }));
  return { exitCode, stdout, stderr, diagnostics };
}

describe('untrusted build of a hostile repository', () => {
  let diagnostics: Diagnostic[] = [];
  let out: string;
  const page = (name: string) => readFile(path.join(out, name, 'index.html'), 'utf8');

  it('folio build --untrusted runs none of its code and exits 0 with located warnings', async () => {
    out = path.join(dir, 'out');
    const run = await folioBuild([root, '--untrusted', '--no-search', '--out', out]);
    const { stderr } = run;
    diagnostics = run.diagnostics;
    expect(run.exitCode).toBe(0);
    expect(stderr).toMatch(/built 14 pages/);
    expect(await written()).toEqual([]);
    expect(stderr).toMatch(/MDX_UNTRUSTED_CODE warning ×\d+/);
    expect(stderr).toMatch(/MDX_UNSAFE_HTML warning ×\d+/);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const [name, [, line]] of Object.entries(VECTORS)) {
      const at = diagnostics.filter((d) => d.code === 'MDX_UNTRUSTED_CODE' && (d.file === `${name}.mdx` || (name === 'mdx-snippet-component' && d.file === 'snippets/boom.mdx')));
      expect(at.length, name).toBeGreaterThan(0);
      if (name !== 'mdx-snippet-component') expect(at.map((d) => d.line), name).toContain(line);
    }
    // Each unsafe redirect destination: a warning at its line of docs.json.
    const redirects = diagnostics.filter((d) => d.code === 'BUILD_REDIRECT_UNSAFE' && d.file === 'docs.json');
    expect(redirects.map((d) => d.line).sort()).toEqual(UNSAFE_REDIRECTS.map((r) => docsJsonLine(r.destination)).sort());
  }, 120_000);

  it('publishes placeholders, no secret and no live HTML', async () => {
    expect(await page('builtin-module')).toContain('folio-untrusted-code');
    expect(await page('env-leak')).not.toContain(SECRET);
    expect(await page('env-leak')).not.toContain('FOLIO_UNTRUSTED_SECRET');
    const html = await page('html');
    const body = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
    expect(body).not.toContain('pwned');
    expect(body).not.toContain('evil.example');
    expect(body).not.toMatch(/<script|srcdoc|javascript:|onerror|onload/i);
    expect(body).toMatch(/<iframe[^>]*src="https:\/\/www\.youtube\.com\/embed\/abc123"[^>]*sandbox="allow-scripts/);
    expect(body).toContain('alt="logo"');
    expect(body).toContain('js link');
    const unsafe = diagnostics.filter((d) => d.code === 'MDX_UNSAFE_HTML' && d.file === 'html.mdx').map((d) => d.line);
    // script, img, a, md link, iframe srcdoc, dangerouslySetInnerHTML, svg script, meta, base, FolioCode, icon svg: each at its line.
    for (const line of [5, 7, 9, 11, 13, 17, 19, 21, 23, 25, 27]) expect(unsafe, `line ${line}`).toContain(line);
    expect(unsafe).not.toContain(15);
    // The unsafe redirects are written nowhere: not to _redirects, not as redirect pages.
    expect(await readFile(path.join(out, '_redirects'), 'utf8')).not.toMatch(/javascript:|data:/);
    expect(existsSync(path.join(out, 'go-js'))).toBe(false);
    expect(existsSync(path.join(out, 'go-data'))).toBe(false);
    expect(await filesHolding(out, 'alert(')).toEqual([]);
  });

  it('folio build --untrusted of the links repository reads and writes nothing outside, and says where each link is', async () => {
    // The output folder is the user's: links planted there would carry writes out (guide/, index.html)
    // and steer the cache (.folio-cache).
    const linksOut = path.join(dir, 'links-out');
    await mkdir(linksOut);
    await symlink(outside, path.join(linksOut, 'guide'));
    await symlink(path.join(outside, 'keep.html'), path.join(linksOut, 'index.html'));
    await symlink(outside, path.join(linksOut, '.folio-cache'));
    const before = await outsideState();
    const run = await folioBuild([links, '--untrusted', '--no-search', '--out', linksOut]);
    expect(await outsideState()).toEqual(before);
    expect(run.exitCode).toBe(1);
    const at = (code: string) => run.diagnostics.filter((d) => d.code === code).map((d) => `${d.file}:${d.line}:${d.column} ${d.severity}`);
    expect(at('BUILD_PATH_OUTSIDE_ROOT')).toEqual(expect.arrayContaining(['index.mdx:5:19 error', 'image.png:1:1 error', 'guide/page.mdx:1:1 error']));
    // The links in the output folder: refused, each named (index.html and the cache are not a page's, so docs.json:1:1).
    for (const planted of ['guide', 'index.html', '.folio-cache']) {
      expect(run.diagnostics.some((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT' && d.message.includes(`${path.join(linksOut, planted)}: it is a symbolic link`)), planted).toBe(true);
    }
    expect(at('CONTENT_SYMLINK_SKIPPED')).toEqual(['planted:1:1 warning']);
    expect(await filesHolding(linksOut, LINK_SECRET)).toEqual([]);
    expect(await filesHolding(linksOut, OUTSIDE_PAGE)).toEqual([]);
  }, 120_000);

  it('renders template components statically from their props', async () => {
    const html = await page('templates');
    expect(html).toContain('<span class="badge-blue">New</span>');
    expect(html).toContain('<span class="widget">from a jsx snippet</span>');
  });

  it('the agent verify build is untrusted too', async () => {
    const errors = await siteErrors(root, 'build');
    expect(errors).toEqual([]);
    expect(await written()).toEqual([]);
    // The links repository: refused links are errors the job's result is checked against, each located.
    const before = await outsideState();
    const linkErrors = await siteErrors(links, 'build');
    expect(await outsideState()).toEqual(before);
    expect(linkErrors.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`).sort()).toEqual([
      'BUILD_PATH_OUTSIDE_ROOT image.png:1:1',
      'BUILD_PATH_OUTSIDE_ROOT index.mdx:5:19',
    ]);
  }, 120_000);

  it('folio serve updates of both repositories run none of their code, publish no secret, live HTML or unsafe redirect, and follow no link', async () => {
    // Each folder as a git repository the server fetches, as a hosted project's repository (git keeps the links as links).
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' });
    const repository = (folder: string, name: string) => {
      git(folder, 'init', '-q');
      git(folder, 'add', '-A');
      git(folder, 'commit', '-q', '-m', name);
      const bare = path.join(dir, `${name}.git`);
      git(dir, 'clone', '-q', '--bare', folder, bare);
      return `file://${bare}`;
    };
    const dataDir = path.join(dir, 'serve-data');
    const server = await runServer({ dataDir, port: 0, worker: false, dashboard: false });
    const before = await outsideState();
    try {
      const update = async (name: string, repoUrl: string) => {
        const project = await createProject(server.db, { name, repoUrl, branch: 'main', docsDir: '.' });
        const { key } = await createApiKey(server.db, { projectIds: [project.id] });
        const headers = { Authorization: `Bearer ${key}` };
        const res = await server.app.request(`/v1/project/update/${project.id}`, { method: 'POST', headers });
        const { statusId } = (await res.json()) as { statusId: string };
        let status: { status: string; summary: string; logs: string[] } = { status: 'queued', summary: '', logs: [] };
        for (let i = 0; i < 600 && status.status !== 'success' && status.status !== 'failure'; i++) {
          await new Promise((r) => setTimeout(r, 200));
          status = (await (await server.app.request(`/v1/project/update-status/${statusId}`, { headers })).json()) as typeof status;
        }
        const served = (p: string) => server.app.request(p, { headers: { host: `${project.id}.localhost` } });
        return { status, served };
      };
      // Both updates at once (one build each, on the server's sandbox worker).
      const [hostile, linked] = await Promise.all([update('Hostile', repository(root, 'hostile')), update('Links', repository(links, 'links'))]);

      expect(hostile.status.status, hostile.status.summary).toBe('success');
      expect(await written()).toEqual([]);
      const envPage = await (await hostile.served('/env-leak')).text();
      expect(envPage).toContain('folio-untrusted-code');
      expect(envPage).not.toContain(SECRET);
      const html = await (await hostile.served('/html')).text();
      const body = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
      expect(body).toContain('js link');
      expect(body).not.toMatch(/<script|srcdoc|javascript:|onerror|onload|pwned|evil\.example/i);
      // No redirect to javascript: or data:, and the update log says where each one is.
      for (const { source, destination } of UNSAFE_REDIRECTS) {
        const res = await hostile.served(source);
        expect(res.status, source).toBe(404);
        expect(res.headers.get('location')).toBeNull();
        expect(hostile.status.logs.some((l) => l.startsWith(`docs.json:${docsJsonLine(destination)}:`) && l.includes('warning') && l.includes(destination))).toBe(true);
      }

      // The links repository: the checkout drops each link with a warning at its path, so the build reads
      // nothing behind one and says what is missing; the rest publishes.
      expect(linked.status.status, linked.status.summary).toBe('success');
      const logged = (prefix: string) => linked.status.logs.filter((l) => l.startsWith(prefix)).join('\n');
      for (const link of ['snippets/leak.mdx', 'image.png', 'planted', '.folio-cache']) {
        expect(logged(`${link}:1:1 warning`), link).toContain('is a symbolic link in the repository');
      }
      expect(logged('index.mdx:5:1 warning')).toContain('/snippets/leak.mdx');
      const home = await (await linked.served('/')).text();
      expect(home).toContain('Home');
      expect(home).not.toContain(outside);
      expect((await linked.served('/image.png')).status).toBe(404);
      expect((await linked.served('/planted/page')).status).toBe(404);
    } finally {
      await server.close();
    }
    // Nothing outside written; nothing outside read into the server's data (checkouts, builds, database).
    expect(await outsideState()).toEqual(before);
    expect(await written()).toEqual([]);
    expect(await filesHolding(dataDir, LINK_SECRET)).toEqual([]);
    expect(await filesHolding(dataDir, OUTSIDE_PAGE)).toEqual([]);
  }, 180_000);

  it('a trusted build of benign pages still evaluates JavaScript expressions', async () => {
    const benign = path.join(dir, 'benign');
    await mkdir(benign);
    await writeFile(path.join(benign, 'docs.json'), JSON.stringify({ name: 'Benign', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['index'] }] } }));
    await writeFile(path.join(benign, 'index.mdx'), '---\ntitle: Home\n---\n\nexport const list = [1, 2, 3].map((n) => n * 2).join("-");\n\nList: {list}\n');
    const trusted = await buildSite({ root: benign, outDir: path.join(dir, 'benign-trusted'), search: false });
    expect(trusted.ok).toBe(true);
    expect(await readFile(path.join(dir, 'benign-trusted', 'index.html'), 'utf8')).toContain('List: 2-4-6');
    const untrusted = await buildSite({ root: benign, outDir: path.join(dir, 'benign-untrusted'), search: false, untrusted: true });
    expect(untrusted.ok).toBe(true);
    const html = await readFile(path.join(dir, 'benign-untrusted', 'index.html'), 'utf8');
    expect(html).not.toContain('2-4-6');
    expect(html).toContain('folio-untrusted-code');
    expect(untrusted.diagnostics.find((d) => d.code === 'MDX_UNTRUSTED_CODE')).toMatchObject({ file: 'index.mdx', line: 5, column: 1 });
    expect(existsSync(path.join(markers, 'x'))).toBe(false);
  }, 120_000);
});
