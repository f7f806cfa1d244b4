import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running module `<name>.js` beside the module at `besideUrl` (its
 * `import.meta.url`). From TypeScript sources (tsx, tests, benches) the worker runs `<name>.ts`
 * and registers tsx's loader itself first: `--import tsx` in a worker's execArgv is not honoured
 * on Node 20.
 */
export function startModuleWorker(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!besideUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, besideUrl), options);
  const entry = new URL(`./${name}.ts`, besideUrl).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}
