// Makes the embedded database's template (pglite-template.ts): `node pglite-template-build.mjs
// <dir>`, run by the build in a process of its own, so that PGlite's memory is not left in the
// process that compiles the server (`npm start` compiles in the server's own process).
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate';
import { pgliteOptions } from './pglite-options';

/** Creates a data directory in `dir` (initdb) and applies the migrations beside this module. */
export async function createPgliteTemplate(dir: string): Promise<void> {
  const pg = new PGlite(dir, pgliteOptions());
  try {
    const conn = {
      query: async <T>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows,
    };
    await migrate({ withConnection: (work) => work(conn) });
    // Everything in the data files, so that a copy starts without replaying WAL.
    await pg.query('checkpoint');
  } finally {
    await pg.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: pglite-template-build.mjs <dir>');
  await createPgliteTemplate(dir);
}
