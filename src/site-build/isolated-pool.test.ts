import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SANDBOX_NICE_STEP } from './isolated-pool.js';

const threadId = () => Number(fs.readlinkSync('/proc/thread-self').split('/').pop());

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority', () => {
  it('lowers the calling worker thread and the threads it starts, never the thread that answers HTTP', async () => {
    const main = threadId();
    const before = os.getPriority(main);
    // A worker calls it (as the build worker does), then starts a thread of its own and reads both nice values.
    const tsx = import.meta.resolve('tsx/esm/api');
    const pool = new URL('./isolated-pool.ts', import.meta.url).href;
    const code = `import(${JSON.stringify(tsx)}).then(async (m) => { m.register();
      const { lowerThisThreadPriority } = await import(${JSON.stringify(pool)});
      const fs = await import('node:fs'); const os = await import('node:os'); const { Worker, parentPort } = await import('node:worker_threads');
      const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
      lowerThisThreadPriority();
      const child = new Worker("const fs = require('fs'), os = require('os'); require('worker_threads').parentPort.postMessage(os.getPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop())))", { eval: true });
      child.once('message', (nested) => parentPort.postMessage([os.getPriority(tid), nested]));
    });`;
    const worker = new Worker(code, { eval: true });
    const [own, nested] = await new Promise<[number, number]>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(own).toBe(Math.min(19, before + SANDBOX_NICE_STEP));
    expect(nested).toBe(own);
    expect(os.getPriority(main)).toBe(before);
    expect(threadId()).toBe(main);
  });
});
