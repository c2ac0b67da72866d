// Compiles the server for `npm start`: one ES module per thread (main, the embedded database's
// thread) with the workspace packages inside and npm packages left to node_modules, and the
// migrations beside them. Running compiled JavaScript instead of TypeScript through a loader
// saves the loader's start-up work and its memory in every thread.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(server, 'src');
export const outDir = path.join(server, 'dist');

/** npm packages stay external; the workspace's own TypeScript packages are compiled in. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ics/') ? undefined : { path: args.path, external: true },
    );
  },
};

const templateCache = path.join(server, '../../node_modules/.cache/ics-pglite-template');

/**
 * The embedded database's template for a first start (src/db/pglite-template.ts): initdb and
 * the migrations of the build in `staging`, run in a child process. Kept in node_modules/.cache
 * under a key of what it is made of (PGlite's version, the migrations, the code that applies
 * them), so that a build whose database did not change does not make it again (3-20 s).
 */
function pgliteTemplate(staging) {
  const builder = path.join(staging, 'pglite-template-build.mjs');
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(path.join(server, 'package.json')).resolve('@electric-sql/pglite');
  const pglitePackage = path.join(path.dirname(pgliteEntry), '../package.json');
  hash.update(JSON.parse(fs.readFileSync(pglitePackage, 'utf8')).version);
  // The code that makes it: the database layer's sources (the build's chunks name themselves by hash).
  for (const file of fs.readdirSync(path.join(src, 'db')).sort())
    if (/(?<!\.test)\.ts$/.test(file)) hash.update(file).update(fs.readFileSync(path.join(src, 'db', file)));
  for (const file of fs.readdirSync(path.join(staging, 'migrations')).sort())
    hash.update(file).update(fs.readFileSync(path.join(staging, 'migrations', file)));
  const cached = path.join(templateCache, hash.digest('hex').slice(0, 16));
  if (fs.existsSync(path.join(cached, 'PG_VERSION'))) return cached;
  const made = `${cached}.${process.pid}`;
  fs.rmSync(made, { recursive: true, force: true });
  fs.mkdirSync(made, { recursive: true });
  const run = spawnSync(process.execPath, [builder, made], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error('making the database template failed (see above)');
  // Older templates are of older builds; only the newest is kept.
  for (const old of fs.readdirSync(templateCache))
    if (old !== path.basename(made))
      fs.rmSync(path.join(templateCache, old), { recursive: true, force: true });
  try {
    fs.renameSync(made, cached);
  } catch (error) {
    // Another build made the same template at the same moment.
    if (!fs.existsSync(path.join(cached, 'PG_VERSION'))) throw error;
    fs.rmSync(made, { recursive: true, force: true });
  }
  return cached;
}

/** Builds into a fresh folder and swaps it in, so a server starting meanwhile finds a whole build. */
export async function buildServer() {
  const staging = `${outDir}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await build({
    // The entry points: the server and the modules its threads run (lib/worker-thread.ts).
    entryPoints: {
      main: path.join(src, 'main.ts'),
      'pglite-worker': path.join(src, 'db/pglite-worker.ts'),
      'sheet-worker': path.join(src, 'http/sheet-worker.ts'),
      // Run by this script, not by the server: makes the embedded database's template.
      'pglite-template-build': path.join(src, 'db/pglite-template-build.ts'),
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Chunks, so that main.ts's dynamic import of the app stays a separate load: the database
    // starts opening before Fastify, the modules and their packages are loaded.
    splitting: true,
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalNpmPackages],
    // Bundled CommonJS helpers call require(): give the module one.
    banner: {
      js: "import { createRequire as __icsRequire } from 'node:module'; const require = __icsRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  fs.cpSync(path.join(src, 'db/migrations'), path.join(staging, 'migrations'), { recursive: true });
  fs.cpSync(pgliteTemplate(staging), path.join(staging, 'pg-template'), { recursive: true });
  fs.rmSync(outDir, { recursive: true, force: true });
  try {
    fs.renameSync(staging, outDir);
  } catch (error) {
    // Another start compiled the same sources at the same moment and swapped its build in first.
    if (!fs.existsSync(path.join(outDir, 'main.mjs'))) throw error;
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
