import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread';
import type { PgliteReply, PgliteRequest, SerializedDbError } from './pglite-protocol';

type Pending = { resolve: (reply: PgliteReply) => void; reject: (error: Error) => void };
type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The error a statement failed with in the database thread, with its PostgreSQL fields. */
function toError(e: SerializedDbError): Error {
  return Object.assign(new Error(e.message), e);
}

/**
 * The main thread's side of the embedded database: requests go to the database's own thread
 * (pglite-worker.ts) and come back in the order PGlite executes them. The worker keeps the
 * process alive only while a request is in flight, as an in-thread database would.
 */
export class PgliteClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  /**
   * @param template a template the thread copies into `dir` first (pglite-template.ts)
   * @param sharedBuffers PostgreSQL's `shared_buffers` (pglite-options.ts)
   */
  constructor(dir: string | undefined, template?: string, sharedBuffers?: string) {
    this.worker = startWorker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { dir, template, sharedBuffers },
    });
    this.worker.on('message', (reply: PgliteReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) p.reject(toError(reply.error));
      else p.resolve(reply);
    });
    this.worker.on('error', (error: Error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the database thread exited (${code})`)));
    this.ready = this.wait(0).then(() => undefined);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private wait(id: number): Promise<PgliteReply> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Sends a request (moving `transfer` to the database thread); answers its reply (rejects with the statement's error). */
  send(request: Request, transfer: ArrayBuffer[] = []): Promise<PgliteReply> {
    const id = ++this.nextId;
    const reply = this.wait(id);
    if (!this.failure) this.worker.postMessage({ ...request, id }, transfer);
    return reply;
  }

  async query<T>(sql: string, params: unknown[], tx?: number): Promise<T[]> {
    const reply = await this.send({ op: 'query', sql, params, ...(tx === undefined ? {} : { tx }) });
    return (reply as { rows: T[] }).rows;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
