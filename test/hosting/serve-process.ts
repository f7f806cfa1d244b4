import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A `folio serve` child process and the admin API URL it printed. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
}

/**
 * Start `folio serve --port 0 --no-worker --no-dashboard --data <dataDir> ...extra` from the
 * TypeScript sources with `env` added to this process's, and resolve once it prints its URL.
 */
export async function startFolioServe(dataDir: string, env: NodeJS.ProcessEnv, extra: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0', '--no-worker', '--no-dashboard', '--data', dataDir, ...extra], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /Admin API:\s+(http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`folio serve exited with ${code}: ${err}`)));
  });
  return { url, child, stderr: () => err };
}
