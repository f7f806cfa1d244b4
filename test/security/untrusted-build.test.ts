/**
 * Issue 13, code vectors against a whole build: a hostile repository whose pages and snippets each
 * try to write a marker file (or publish the environment) through every place MDX evaluates
 * code, plus raw HTML that would run in readers' browsers. `folio build --untrusted`, the agent's
 * verify build and a `folio serve` update (both untrusted too) must write no marker, publish no secret, sanitise the HTML
 * and say where each thing was left out; a trusted `folio build` of benign pages still evaluates
 * ordinary JavaScript expressions.
 */
import { Command } from 'commander';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBuild } from '../../src/cli/commands/build.js';
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
  const pages = [...Object.keys(VECTORS), 'html', 'templates'];
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Hostile', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages }] } }));
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
});
afterAll(async () => {
  if (process.env.KEEP_UNTRUSTED) return;
  delete process.env.FOLIO_UNTRUSTED_SECRET;
  await rm(dir, { recursive: true, force: true });
});

const written = async () => readdir(markers);

describe('untrusted build of a hostile repository', () => {
  let diagnostics: Diagnostic[] = [];
  let out: string;
  const page = (name: string) => readFile(path.join(out, name, 'index.html'), 'utf8');

  it('folio build --untrusted runs none of its code and exits 0 with located warnings', async () => {
    out = path.join(dir, 'out');
    // `folio build --untrusted`, in this process (a child process costs ~10 s of tsx start-up on a busy machine).
    const program = new Command().exitOverride();
    registerBuild(program);
    let stdout = '';
    let stderr = '';
    const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
    const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    try {
      await program.parseAsync(['build', root, '--untrusted', '--no-search', '--out', out], { from: 'user' });
    } finally {
      outSpy.mockRestore();
      errSpy.mockRestore();
    }
    expect(process.exitCode).toBe(0);
    process.exitCode = undefined;
    expect(stderr).toMatch(/built 14 pages/);
    expect(await written()).toEqual([]);
    expect(stderr).toMatch(/MDX_UNTRUSTED_CODE warning ×\d+, MDX_UNSAFE_HTML warning ×\d+/);
    // Diagnostics as printed (file:line:column severity message); the code is told by the message.
    diagnostics = stdout
      .split('\n')
      .map((l) => /^(\S+?):(\d+):(\d+) (\w+) (.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({
        file: m[1]!,
        line: Number(m[2]),
        column: Number(m[3]),
        severity: m[4] as 'warning',
        code: m[5]!.includes('needs JavaScript, which Folio does not run') ? 'MDX_UNTRUSTED_CODE' : m[5]!.includes('raw HTML that could run code') ? 'MDX_UNSAFE_HTML' : 'OTHER',
        path: '',
        message: m[5]!,
      }));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const [name, [, line]] of Object.entries(VECTORS)) {
      const at = diagnostics.filter((d) => d.code === 'MDX_UNTRUSTED_CODE' && (d.file === `${name}.mdx` || (name === 'mdx-snippet-component' && d.file === 'snippets/boom.mdx')));
      expect(at.length, name).toBeGreaterThan(0);
      if (name !== 'mdx-snippet-component') expect(at.map((d) => d.line), name).toContain(line);
    }
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
  });

  it('renders template components statically from their props', async () => {
    const html = await page('templates');
    expect(html).toContain('<span class="badge-blue">New</span>');
    expect(html).toContain('<span class="widget">from a jsx snippet</span>');
  });

  it('the agent verify build is untrusted too', async () => {
    const errors = await siteErrors(root, 'build');
    expect(errors).toEqual([]);
    expect(await written()).toEqual([]);
  }, 120_000);

  it('a folio serve update of the same repository runs none of its code and publishes no secret or live HTML', async () => {
    // The hostile folder as a git repository the server fetches, as a hosted project's repository.
    const bare = path.join(dir, 'hostile.git');
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'hostile');
    git(dir, 'clone', '-q', '--bare', root, bare);
    const server = await runServer({ dataDir: path.join(dir, 'serve-data'), port: 0, worker: false, dashboard: false });
    try {
      const project = await createProject(server.db, { name: 'Hostile', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
      const { key } = await createApiKey(server.db, { projectIds: [project.id] });
      const headers = { Authorization: `Bearer ${key}` };
      const res = await server.app.request(`/v1/project/update/${project.id}`, { method: 'POST', headers });
      const { statusId } = (await res.json()) as { statusId: string };
      let status: { status: string; summary: string } = { status: 'queued', summary: '' };
      for (let i = 0; i < 600 && status.status !== 'success' && status.status !== 'failure'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await (await server.app.request(`/v1/project/update-status/${statusId}`, { headers })).json()) as typeof status;
      }
      expect(status.status, status.summary).toBe('success');
      expect(await written()).toEqual([]);
      const served = async (p: string) => (await server.app.request(p, { headers: { host: `${project.id}.localhost` } })).text();
      const envPage = await served('/env-leak');
      expect(envPage).toContain('folio-untrusted-code');
      expect(envPage).not.toContain(SECRET);
      const html = await served('/html');
      const body = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
      expect(body).toContain('js link');
      expect(body).not.toMatch(/<script|srcdoc|javascript:|onerror|onload|pwned|evil\.example/i);
    } finally {
      await server.close();
    }
    expect(await written()).toEqual([]);
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
