// scrypt on threads of its own. `crypto.scrypt` runs on libuv's thread pool (4 threads), which file
// reads share: 60 concurrent wrong dashboard sign-ins (about 60 ms of CPU each) held it, and a site's
// uncached assets waited up to 10.8 s behind them (issue 48). Here each hash runs `scryptSync` on a
// worker thread of a small pool, so file reads never queue behind a password.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

/** One scrypt to run: the key of `password` (already normalised) with `salt`. */
export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
}

/** Thrown when more hashes wait than the pool takes: the caller answers "busy, try again". */
export class HashPoolBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} password checks are waiting already; try again in a few seconds.`);
    this.name = 'HashPoolBusyError';
  }
}

// CommonJS, evaluated in the worker: no file to find from src/ (tsx) or dist/ alike. On Linux the
// thread lowers its own priority to the lowest (nice 19: setpriority on a thread id sets that thread):
// a flood of wrong passwords then takes the CPU nothing else wants, not the server thread's.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, Buffer.from(salt), keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  job: ScryptJob;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  running: (Pending & { id: number }) | null;
}

export interface HashPoolOptions {
  /** Worker threads; default one per core beyond the first, at most 2 (1 on a 2-core machine, so the server's thread keeps a core). */
  workers?: number;
  /** Hashes that may wait for a worker; beyond, `run` throws HashPoolBusyError. */
  maxWaiting?: number;
}

/**
 * A bounded pool of scrypt threads. Workers start on first use and do not keep the process alive.
 * 64 waiting at ~65 ms each is about 4 s for the last one on one worker, and a flood on a busy host
 * makes each hash slower (the thread runs at nice 19: 0.4-0.6 s a hash measured at load 8 on 2
 * cores): past that a sign-in is better refused than left hanging (the sign-in throttles still count
 * every attempt).
 */
export class HashPool {
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;

  constructor({ workers = Math.max(1, Math.min(2, availableParallelism() - 1)), maxWaiting = 64 }: HashPoolOptions = {}) {
    this.size = workers;
    this.maxWaiting = maxWaiting;
  }

  /** The key scrypt derives for `job`, computed on a worker thread. */
  run(job: ScryptJob): Promise<Buffer> {
    if (this.queue.length >= this.maxWaiting) return Promise.reject(new HashPoolBusyError(this.queue.length));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Hashes running and waiting, for figures. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.running).length, waiting: this.queue.length };
  }

  /** Stop the workers (tests); running and waiting hashes are refused. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the password pool was closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.running) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.running = { ...pending, id: this.nextId++ };
      slot.worker.ref();
      const { password, salt, keyLength, options } = pending.job;
      slot.worker.postMessage({ id: slot.running.id, password, salt, keyLength, options });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const slot: Slot = { worker, running: null };
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const running = slot.running;
      if (!running || running.id !== message.id) return;
      slot.running = null;
      worker.unref();
      if (message.key) running.resolve(Buffer.from(message.key));
      else running.reject(new Error(message.error ?? 'scrypt failed'));
      this.pump();
    });
    // A worker that dies takes only its own hash with it; the next one starts a new worker.
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.running?.reject(error);
      slot.running = null;
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the password worker stopped (exit ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
