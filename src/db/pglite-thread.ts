/**
 * The embedded database on a thread of its own. PGlite runs each statement on the thread that
 * calls it (WebAssembly, ~4 ms for a small write on this machine), so in-process every write
 * paused every request of the server: a flood of analytics events moved a page's p99 by +76 %.
 * Here PGlite runs in a worker (`pglite-worker.ts`) and this side is a client with PGlite's own
 * shape (`query`, `exec`, `transaction`, `listen`), so Drizzle's PGlite driver and pg-boss use it
 * unchanged. A transaction holds the database as in-process: other statements wait for its end.
 */
import type { Worker } from 'node:worker_threads';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { DbError } from './errors.js';
import { deserializeError, type SerializedError, type ThreadReply, type ThreadRequest } from './pglite-protocol.js';
import { schema } from './schema.js';
import type { Database, Orm } from './connection.js';
import { startModuleWorker } from '../shared/index.js';

/** Without the fields it is sent with: each request type adds its own. */
type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Field {
  name: string;
  dataTypeID: number;
}

/** A statement's answer, shaped as PGlite's `Results`. */
export interface ThreadResults<T = Record<string, unknown>> {
  rows: T[];
  fields: Field[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What a caller inside a transaction gets: PGlite's `Transaction` shape. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>>;
  exec(text: string): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

class Connection {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private stopped: Error | null = null;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadReply) => this.receive(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
    // The thread keeps the process alive only while a statement is waiting for it.
    worker.unref();
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  send(request: Request): Promise<unknown> {
    return this.post(request).answer;
  }

  /** Send `request` under a new id; the answer arrives in `answer`. */
  private post(request: Request): { id: number; answer: Promise<unknown> } {
    const id = this.next++;
    if (this.stopped) return { id, answer: Promise.reject(this.stopped) };
    if (this.pending.size === 0) this.worker.ref();
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
    return { id, answer };
  }

  /** Listen on `channel`; notifications name the listen request, whose id is returned. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<number> {
    const { id, answer } = this.post({ op: 'listen', channel });
    this.listeners.set(id, onPayload);
    try {
      await answer;
      return id;
    } catch (error) {
      this.listeners.delete(id);
      throw error;
    }
  }

  unlisten(listener: number): Promise<unknown> {
    this.listeners.delete(listener);
    return this.stopped ? Promise.resolve() : this.send({ op: 'unlisten', listener });
  }

  private receive(message: ThreadReply): void {
    if ('notify' in message) {
      this.listeners.get(message.notify)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in message) waiting.reject(deserializeError(message.error));
    else waiting.resolve(message.result);
  }

  /** The thread is gone: every waiting statement fails with why. */
  stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
    this.listeners.clear();
  }
}

/** Apply the caller's parsers to values the thread sent back as text (their functions cannot cross threads). */
function parsed<T>(result: ThreadResults<T>, options: QueryOptions | undefined): ThreadResults<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields.flatMap((f, i) => (parsers[f.dataTypeID] ? [{ i, name: f.name, parse: parsers[f.dataTypeID]!, type: f.dataTypeID }] : []));
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = options.rowMode === 'array' ? c.i : c.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = c.parse(value, c.type);
    }
  }
  return result;
}

/** PGlite's client shape over the thread; `tx` set: the statements of one open transaction. */
class ThreadClient {
  constructor(
    protected readonly connection: Connection,
    private readonly tx?: number,
  ) {}

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>> {
    const raw = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const result = (await this.connection.send({ op: 'query', text, params, rowMode: options?.rowMode, raw, tx: this.tx })) as ThreadResults<T>;
    return parsed(result, options);
  }

  async exec(text: string): Promise<ThreadResults[]> {
    return (await this.connection.send({ op: 'exec', text, tx: this.tx })) as ThreadResults[];
  }
}

class ThreadTransactionClient extends ThreadClient implements ThreadTransaction {
  closed = false;

  constructor(
    connection: Connection,
    readonly id: number,
  ) {
    super(connection, id);
  }

  async rollback(): Promise<void> {
    await this.connection.send({ op: 'rollback', tx: this.id });
    this.closed = true;
  }
}

class ThreadDatabaseClient extends ThreadClient {
  get closed(): boolean {
    return this.connection.closed;
  }

  /** Run `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.connection.send({ op: 'begin' })) as number;
    const tx = new ThreadTransactionClient(this.connection, id);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!tx.closed) await this.connection.send({ op: 'end', tx: id, commit: false });
      throw error;
    }
    // After `rollback()` inside `fn`, PGlite ends the transaction without a commit.
    await this.connection.send({ op: 'end', tx: id, commit: !tx.closed });
    tx.closed = true;
    return result;
  }
}

/** Open the embedded database in a worker thread (migrated there); `dataDir` null keeps it in memory. */
export async function openPgliteThread(dataDir: string | null): Promise<Database> {
  const worker = startModuleWorker(import.meta.url, 'pglite-worker', { workerData: { dataDir } });
  const started = await new Promise<{ ready: true } | { failed: SerializedError } | { exit: number; error?: Error }>((resolve) => {
    const settle = (outcome: { ready: true } | { failed: SerializedError } | { exit: number; error?: Error }) => {
      worker.off('message', first).off('error', crashed).off('exit', exited);
      resolve(outcome);
    };
    const first = (message: ThreadReply) => {
      if ('ready' in message || 'failed' in message) settle(message);
    };
    const crashed = (error: Error) => settle({ exit: -1, error });
    const exited = (exit: number) => settle({ exit });
    worker.on('message', first).on('error', crashed).on('exit', exited);
  });
  if (!('ready' in started)) {
    await worker.terminate();
    if ('failed' in started) throw deserializeError(started.failed);
    throw new DbError('DB_CONNECT_FAILED', `Cannot open the embedded database${dataDir ? ` in ${dataDir}` : ''}: its thread stopped (${started.error?.message ?? `exit code ${started.exit}`}).`);
  }
  const connection = new Connection(worker);
  const client = new ThreadDatabaseClient(connection);
  let closing: Promise<void> | null = null;
  return {
    kind: 'pglite',
    orm: drizzlePglite({ client: client as never, schema }) as unknown as Orm,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onPayload) => {
      const listener = await connection.listen(channel, onPayload);
      return async () => {
        await connection.unlisten(listener);
      };
    },
    // Each notification is posted before the answer to the statement that raised it.
    notificationsSettled: () => null,
    close: () =>
      (closing ??= (async () => {
        try {
          if (!connection.closed) await connection.send({ op: 'close' });
        } finally {
          connection.stop(new Error('The embedded database is closed.'));
          await worker.terminate();
        }
      })()),
  };
}
