// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) executes
// every statement on the thread that owns it. Owned by the server's main thread it took a core's
// worth of time from MQTT and HTTP under device load; owned here it runs on the other core.
// The main thread talks to it through `PgliteClient` (pglite-client.ts); messages are below.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';
import type { PgliteReply, PgliteRequest, SerializedDbError } from './pglite-protocol';
import { copyTemplate } from './pglite-template';

const port = parentPort!;
const { dir, template, sharedBuffers } = workerData as {
  dir: string | undefined;
  template: string | undefined;
  sharedBuffers: string | undefined;
};

// A fresh data directory is copied from the build's template here rather than on the main
// thread: the copy (1,300 files, 42 MB, 0.6-0.8 s) then runs while the main thread loads the server.
if (dir && template) copyTemplate(template, dir);

const db = new PGlite(dir, pgliteOptions(sharedBuffers));

/** Open transactions: the statements sent with their id run inside them. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }
>();
let nextTx = 0;

function serialize(error: unknown): SerializedDbError {
  const e = error as Record<string, unknown>;
  const out: SerializedDbError = { message: String(e?.message ?? error) };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity'])
    if (typeof e?.[key] === 'string') out[key] = e[key] as string;
  return out;
}

const reply = (message: PgliteReply) => port.postMessage(message);

async function handle(m: PgliteRequest): Promise<void> {
  switch (m.op) {
    case 'query': {
      const target = m.tx === undefined ? db : transactions.get(m.tx)?.tx;
      if (!target) throw new Error(`transaction ${m.tx} is not open`);
      const result = await target.query(m.sql, m.params);
      return reply({ id: m.id, rows: result.rows as Record<string, unknown>[] });
    }
    case 'copy': {
      await db.query(m.sql, [], { blob: new Blob([m.data]) });
      return reply({ id: m.id, rows: [] });
    }
    case 'exec': {
      await db.exec(m.sql);
      return reply({ id: m.id, rows: [] });
    }
    case 'begin': {
      const tx = ++nextTx;
      // PGlite's transaction holds its lock until the callback settles: it settles when the
      // main thread commits or rolls back, and statements outside it wait meanwhile.
      // The callback runs once PGlite holds its lock, after `settled` below is assigned.
      const settled: { done?: Promise<unknown> } = {};
      settled.done = db
        .transaction(
          (t) =>
            new Promise<void>((resolve, reject) => {
              transactions.set(tx, {
                tx: t,
                end: (commit) => (commit ? resolve() : reject(new Error('rolled back'))),
                done: settled.done!,
              });
              reply({ id: m.id, tx });
            }),
        )
        .finally(() => transactions.delete(tx));
      return;
    }
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      // Answered once PGlite has committed (or rolled back), before any statement that waited.
      open.end(m.commit);
      try {
        await open.done;
      } catch (error) {
        if (m.commit) throw error; // COMMIT itself failed: the caller learns it
      }
      return reply({ id: m.id, rows: [] });
    }
    case 'close': {
      if (!db.closed) await db.close();
      return reply({ id: m.id, rows: [] });
    }
  }
}

port.on('message', (m: PgliteRequest) => {
  handle(m).catch((error: unknown) => reply({ id: m.id, error: serialize(error) }));
});

db.waitReady.then(
  () => reply({ id: 0, rows: [] }),
  (error: unknown) => reply({ id: 0, error: serialize(error) }),
);
