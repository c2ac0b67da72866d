/** Messages between the server's main thread and the embedded database's thread (pglite-worker.ts). */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string }
  /** `COPY … FROM '/dev/blob'` with `data` as the blob. */
  | { id: number; op: 'copy'; sql: string; data: Uint8Array<ArrayBuffer> }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields, kept across the threads (callers branch on `code`, e.g. 23505). */
export type SerializedDbError = { message: string; code?: string; [field: string]: string | undefined };

/** The answer to request `id` (`id` 0: the database is ready, or failed to open). */
export type PgliteReply =
  | { id: number; rows: Record<string, unknown>[] }
  | { id: number; tx: number }
  | { id: number; error: SerializedDbError };
