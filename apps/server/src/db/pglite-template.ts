import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The embedded database's data directory as a new installation starts it: initdb done and every
 * migration applied, made once by the build (pglite-template-build.ts) beside the compiled
 * server. Without it a first start ran initdb (about 3 s on a quiet machine, 14 s at load 12)
 * and the migrations (1-4 s) and held several hundred MB of WebAssembly memory doing so. Run
 * from sources (tests, `npm run dev`) there is none and the first start creates the directory.
 */
export const builtTemplateDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pg-template');

/**
 * Whether a start in `dir` begins as a copy of `template`: there is one, and `dir` is empty (a
 * directory left by an interrupted initdb is left to PGlite, as before).
 */
export function templateApplies(template: string, dir: string): boolean {
  return fs.existsSync(path.join(template, 'PG_VERSION')) && fs.readdirSync(dir).length === 0;
}

/**
 * Fills `dir` with a copy of `template` when it applies (false: nothing done). The copy is made
 * beside `dir` and renamed onto it, so that a start interrupted meanwhile leaves `dir` empty,
 * never half a database.
 */
export function copyTemplate(template: string, dir: string): boolean {
  if (!templateApplies(template, dir)) return false;
  const staging = `${dir}.template-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    fs.cpSync(template, staging, { recursive: true });
    // rename(2) replaces an empty directory in one step.
    fs.renameSync(staging, dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return true;
}
