/**
 * Lighthouse (mobile profile, its default) on one URL with Debian's Chromium: performance, accessibility and
 * SEO scores out of 100. Each run is a child process (look/lighthouse-run.ts) with its own Chromium, so what
 * Lighthouse leaves behind (timers, a stray rejected promise) ends with it and never reaches the caller.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  /** Audits that cost points, worst first, for the report. */
  failing: string[];
  /** The performance metrics behind the score: first and largest contentful paint, speed index (ms), total blocking time (ms), layout shift. */
  metrics: { fcp: number; lcp: number; si: number; tbt: number; cls: number };
}

const RUNNER = fileURLToPath(new URL('./lighthouse-run.ts', import.meta.url));

/** `headers`: sent with every request (a signed-in dashboard page: its session cookie). */
export async function lighthouseScores(url: string, { headers }: { headers?: Record<string, string> } = {}): Promise<LighthouseScores> {
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', RUNNER, JSON.stringify({ url, headers })], { maxBuffer: 8 << 20, timeout: 180_000 }, (error, out, err) => {
      if (error) reject(new Error(`lighthouse on ${url} failed (${error.message.split('\n')[0]}): ${err.trim().split('\n').slice(-5).join(' | ')}`));
      else resolve({ stdout: out, stderr: err });
    });
  });
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as LighthouseScores;
  } catch {
    throw new Error(`lighthouse on ${url} printed no scores: ${stderr.trim().split('\n').slice(-5).join(' | ')}`);
  }
}
