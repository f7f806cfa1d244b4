/**
 * The database thread: the embedded database (PGlite) opened, migrated and run here, so that its
 * statements (WebAssembly, a few milliseconds each) never pause the server's thread. It answers
 * the requests of `pglite-thread.ts` in order on one port; a notification raised by a statement is
 * posted before that statement's answer, so it reaches the server first, as in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPgliteClient } from './pglite-open.js';
import { serializeError, type ThreadReply, type ThreadRequest } from './pglite-protocol.js';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };

/** PGlite's parsers for `raw` types: the text as it came, parsed on the server's side. */
const keepText = (raw: number[] | undefined) => (raw?.length ? Object.fromEntries(raw.map((oid) => [oid, (value: string) => value])) : undefined);

/** Open transactions by id: the transaction's client, how to end it, and its outcome. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();

const reply = (message: ThreadReply) => port.postMessage(message);

async function handle(client: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? client : transactionOf(request.tx);
      const parsers = keepText(request.raw);
      const result = await on.query(request.text, request.params, { ...(request.rowMode ? { rowMode: request.rowMode } : {}), ...(parsers ? { parsers } : {}) });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const on = request.tx === undefined ? client : transactionOf(request.tx);
      return (await on.exec(request.text)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      return begin(client, request.id);
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'rollback':
      await transactionOf(request.tx).rollback();
      return null;
    case 'listen': {
      const stop = await client.listen(request.channel, (payload) => reply({ notify: request.id, payload }));
      listeners.set(request.id, stop);
      return null;
    }
    case 'unlisten': {
      const stop = listeners.get(request.listener);
      listeners.delete(request.listener);
      if (stop && !client.closed) await stop();
      return null;
    }
    case 'close':
      await client.close();
      return null;
  }
}

function transactionOf(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

const ROLLED_BACK = new Error('rolled back');

/**
 * Open a transaction that stays open across requests, answered (with its id) once it has begun. An `end`
 * request commits or rolls it back and is answered when PGlite has done so.
 */
function begin(client: PGlite, id: number): Promise<number> {
  return new Promise((begun, failed) => {
    let started = false;
    const done = client
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            started = true;
            transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLED_BACK)), done });
            begun(id);
          }),
      )
      .catch((error: unknown) => {
        if (error !== ROLLED_BACK) throw error;
      })
      .finally(() => transactions.delete(id));
    done.catch((error: unknown) => {
      if (!started) failed(error);
    });
  });
}

async function main(): Promise<void> {
  let client: PGlite;
  try {
    const opened = await openPgliteClient(dataDir);
    client = opened.client;
    try {
      await opened.migrate();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    reply({ failed: serializeError(error) });
    return;
  }
  port.on('message', (request: ThreadRequest) => {
    handle(client, request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
    );
  });
  reply({ ready: true });
}

void main();
