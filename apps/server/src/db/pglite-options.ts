import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers inside PGlite. PGlite's WebAssembly heap never shrinks, and at
 * start PostgreSQL zeroes the whole buffer pool there, so initdb's 128 MB default was 128 MB of
 * resident memory from the first second on (the server's RSS a minute after start: 466 MB on
 * a restart, of which the database thread's heap 153 MB; 31 MB with 16 MB of buffers). The
 * embedded database serves one node's working set; PostgreSQL at DATABASE_URL is the one sized
 * for more. Set on every start (command line), so existing data directories get it too.
 */
const DEFAULT_SHARED_BUFFERS = '16MB';

/**
 * The options every embedded database of the server opens with (its thread, the build's
 * template); `sharedBuffers` from `ICS_PGLITE_SHARED_BUFFERS`, for a node that ingests more than
 * it serves (more buffers write readings faster, and stay resident).
 */
export function pgliteOptions(sharedBuffers = DEFAULT_SHARED_BUFFERS): PGliteOptions {
  return {
    // BIGINT (count(*), sums) and NUMERIC as numbers, as the PostgreSQL driver is set up.
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  };
}
