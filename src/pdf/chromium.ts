/**
 * The Chromium that prints: `CHROMIUM_PATH`, else the usual places of Debian's and others'
 * packages. Started headless through playwright-core (which downloads no browser of its own).
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PdfError } from './codes.js';
import { processTreeMemory } from './process-memory.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];

/**
 * Flags for a headless print: no sandbox (root in containers has none to give), and none of
 * Chromium's own background connections (refused on a closed network, and slow to time out).
 */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where Chromium is, or a PdfError saying how to give it. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.CHROMIUM_PATH?.trim();
  if (given) {
    if (existsSync(given)) return given;
    throw new PdfError('PDF_NO_CHROMIUM', `CHROMIUM_PATH is ${given}, and no file is there. Point it at a Chromium or Chrome executable.`);
  }
  const found = CANDIDATES.find((file) => existsSync(file));
  if (found) return found;
  throw new PdfError('PDF_NO_CHROMIUM', `No Chromium found (looked at ${CANDIDATES.join(', ')}). Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`);
}

/** Lines of Chromium's own log that say nothing about a print (no D-Bus, no GPU, no Vulkan on a server). */
const NOISE = /dbus|DBus|vkCreateInstance|VK_ERROR|dawn|CheckVkSuccessImpl|on_device_model|^\s*$|unexpected operator/;

/**
 * What Chromium said while it ran (its stderr), the browser's
 * process id, how it exited, and the peak memory of its processes: so a print that fails says why
 * (a renderer crash, the browser killed by a signal, an error line) instead of only "closed".
 */
export class ChromiumLog {
  pid: number | null = null;
  /** `exitCode=..., signal=...` once the browser process exited. */
  exit: string | null = null;
  /** The last lines Chromium wrote to stderr, noise left out. */
  readonly lines: string[] = [];
  /** Peak resident memory (MB) of Chromium's processes, all together and the largest one (the renderer printing). */
  readonly peak = { sum: 0, max: 0 };

  /** Chromium's stderr, as it comes: complete lines kept, noise left out. */
  private partial = '';
  write(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (NOISE.test(line)) continue;
      this.lines.push(line.slice(0, 300));
      if (this.lines.length > 40) this.lines.shift();
    }
  }

  /** Read the memory of the browser and its child processes now (Linux's /proc; elsewhere nothing). */
  sample(): void {
    if (!this.pid) return;
    const memory = processTreeMemory(this.pid, true);
    if (!memory) return;
    this.peak.sum = Math.max(this.peak.sum, memory.sum);
    this.peak.max = Math.max(this.peak.max, memory.max);
  }
}

/**
 * Start Chromium for one print. With a log, it is started as a browser server (its control socket on
 * the loopback address under an unguessable path, closed with it) so that its process is at hand:
 * its stderr and exit go to the log. Close with `close()`.
 */
export async function launchChromium(executablePath: string, log?: ChromiumLog): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const { chromium } = await import('playwright-core');
  try {
    if (!log) {
      const browser = await chromium.launch({ executablePath, args: ARGS });
      return { browser, close: () => browser.close() };
    }
    const server = await chromium.launchServer({ executablePath, args: ARGS, host: '127.0.0.1' });
    const child = server.process();
    log.pid = child.pid ?? null;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => log.write(chunk));
    child.once('exit', (code, signal) => (log.exit = `exitCode=${code}, signal=${signal}`));
    try {
      const browser = await chromium.connect(server.wsEndpoint());
      return { browser, close: async () => void (await browser.close().catch(() => undefined), await server.close()) };
    } catch (error) {
      await server.close();
      throw error;
    }
  } catch (error) {
    throw new PdfError('PDF_NO_CHROMIUM', `Chromium at ${executablePath} did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}
