/**
 * The Chromium that prints: `CHROMIUM_PATH`, else the usual places of Debian's and others'
 * packages. Started headless through playwright-core (which downloads no browser of its own).
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PdfError } from './codes.js';

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

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  try {
    return await chromium.launch({ executablePath, args: ARGS });
  } catch (error) {
    throw new PdfError('PDF_NO_CHROMIUM', `Chromium at ${executablePath} did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}
