/**
 * Speed figure for the openapi layer: a generated spec of 600 operations
 * (120 resources × 5 verbs, shared and circular schemas) is loaded, planned and
 * every endpoint page rendered. Prints the time of each stage.
 * Run: npm run bench:openapi            (add `-- --build` to also time `folio build` of a site made of it,
 *      `-- --operations 150` for a smaller spec: multiples of 5, default 600)
 * With `--build` it also prints the built HTML per endpoint page (mean, min, max: it should not grow
 * with the spec's size) and the playground island's size gzipped, and checks that only endpoint
 * pages load it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// React picks its build on first import: measure the production one, as `folio build` uses.
process.env.NODE_ENV ??= 'production';
const { loadOpenApiSpecs } = await import('../src/openapi/index.js');
const { renderEndpointPage } = await import('../src/render/endpoint/index.js');

const operationsArg = process.argv.indexOf('--operations');
const RESOURCES = Math.max(1, Math.round((operationsArg > 0 ? Number(process.argv[operationsArg + 1]) : 600) / 5));

/** A deterministic spec: same input every run, so figures compare across runs. */
function generateSpec(): object {
  const paths: Record<string, object> = {};
  const schemas: Record<string, object> = {
    Node: { type: 'object', properties: { id: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
  };
  for (let r = 0; r < RESOURCES; r++) {
    const name = `Resource${r}`;
    schemas[name] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string', example: `item ${r}` },
        status: { type: 'string', enum: ['active', 'archived'], default: 'active' },
        createdAt: { type: 'string', format: 'date-time' },
        tree: { $ref: '#/components/schemas/Node' },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { oneOf: [{ $ref: '#/components/schemas/Error' }, { type: 'string' }] },
      },
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const ok = (schema: object) => ({ description: 'OK', content: { 'application/json': { schema } } });
    const errors = { '404': { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } };
    const idParam = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
    const tag = [`Group ${r % 12}`];
    paths[`/v1/resources-${r}`] = {
      get: { tags: tag, summary: `List resource ${r}`, parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', default: 20, maximum: 100 } }], responses: { '200': ok({ type: 'array', items: ref }) } },
      post: { tags: tag, summary: `Create resource ${r}`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '201': ok(ref), ...errors } },
    };
    paths[`/v1/resources-${r}/{id}`] = {
      get: { tags: tag, summary: `Get resource ${r}`, parameters: idParam, responses: { '200': ok(ref), ...errors } },
      patch: { tags: tag, summary: `Update resource ${r}`, parameters: idParam, requestBody: { content: { 'application/json': { schema: { allOf: [ref, { type: 'object', properties: { note: { type: 'string' } } }] } } } }, responses: { '200': ok(ref), ...errors } },
      delete: { tags: tag, summary: `Delete resource ${r}`, parameters: idParam, responses: { '204': { description: 'Deleted' }, ...errors } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bench API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-openapi-'));
try {
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(generateSpec(), null, 2));
  const t0 = performance.now();
  const { provider, diagnostics } = await loadOpenApiSpecs(dir, ['openapi.json'], { discover: false });
  const t1 = performance.now();
  const endpoints = provider.endpoints('openapi.json');
  const t2 = performance.now();
  let bytes = 0;
  for (const endpoint of endpoints) bytes += renderEndpointPage(provider.operation(endpoint.href)!).length;
  const t3 = performance.now();
  const ms = (a: number, b: number) => `${(b - a).toFixed(0)} ms`;
  console.log(`operations: ${endpoints.length} (diagnostics: ${diagnostics.length})`);
  console.log(`load + parse: ${ms(t0, t1)}`);
  console.log(`plan hrefs:   ${ms(t1, t2)}`);
  console.log(`plan + render pages: ${ms(t2, t3)} (${(bytes / 1024 / 1024).toFixed(1)} MB HTML, ${((t3 - t2) / endpoints.length).toFixed(2)} ms/page)`);
  console.log(`total: ${ms(t0, t3)}`);
  if (process.argv.includes('--build')) await buildWholeSite(dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** End to end: a docs site whose only tab is the spec, built to static HTML (no search index). */
async function buildWholeSite(dir: string): Promise<void> {
  fs.writeFileSync(
    path.join(dir, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'Bench', colors: { primary: '#0D9373' }, navigation: { tabs: [{ tab: 'Home', pages: ['index'] }, { tab: 'API', openapi: 'openapi.json' }] } }),
  );
  fs.writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\n---\n\nBench site.\n');
  const { buildSite } = await import('../src/site-build/index.js');
  const outDir = path.join(dir, 'out');
  const t0 = performance.now();
  const result = await buildSite({ root: dir, outDir, cache: false, search: false });
  const t1 = performance.now();
  const endpointPages = fs.readdirSync(path.join(outDir, 'api-reference'), { recursive: true }).filter((f) => String(f).endsWith('index.html')).length;
  console.log(`folio build: ${result.pages} pages (${endpointPages} endpoint pages) in ${(t1 - t0).toFixed(0)} ms, ${result.diagnostics.filter((d) => d.severity === 'error').length} error(s)`);
  const files = fs.readdirSync(path.join(outDir, 'api-reference'), { recursive: true }).filter((f) => String(f).endsWith('index.html'));
  const sizes: number[] = [];
  const sidebars: number[] = [];
  for (const f of files) {
    const html = fs.readFileSync(path.join(outDir, 'api-reference', String(f)), 'utf8');
    sizes.push(Buffer.byteLength(html));
    // A large section's pages carry only their place in the shared sidebar file: a block of at most 32 entries per list.
    const sidebar = /<aside class="sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    sidebars.push(Buffer.byteLength(sidebar));
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const stats = (list: number[]) => `mean ${kb(list.reduce((a, b) => a + b, 0) / list.length)}, min ${kb(Math.min(...list))}, max ${kb(Math.max(...list))}`;
  console.log(`HTML per endpoint page: ${stats(sizes)}`);
  console.log(`  of which sidebar: ${stats(sidebars)}; without it: ${stats(sizes.map((n, i) => n - sidebars[i]!))}`);
  const assets = fs.readdirSync(path.join(outDir, 'assets'));
  const playground = assets.find((f) => /^playground\.[^.]+\.js$/.test(f));
  if (!playground) throw new Error('no playground island in assets/');
  const gz = zlib.gzipSync(fs.readFileSync(path.join(outDir, 'assets', playground)), { level: 9 }).length;
  const main = assets.find((f) => /^site\.[^.]+\.js$/.test(f));
  const mainGz = main ? zlib.gzipSync(fs.readFileSync(path.join(outDir, 'assets', main)), { level: 9 }).length : 0;
  console.log(`playground island: ${playground} ${(gz / 1024).toFixed(1)} KB gzipped (limit 25 KB); main bundle ${(mainGz / 1024).toFixed(1)} KB gzipped`);
  // The island is fetched by the main bundle when a page holds playground data; a page without it never asks.
  const home = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const anEndpoint = fs.readFileSync(path.join(outDir, 'api-reference', String(fs.readdirSync(path.join(outDir, 'api-reference'), { recursive: true }).find((f) => String(f).endsWith('index.html')))), 'utf8');
  console.log(`playground data on the home page: ${home.includes('api-playground-data')}; on an endpoint page: ${anEndpoint.includes('api-playground-data')}`);
}
