// Compiles the server for `npm start`: one ES module per thread (main, the embedded database's
// thread) with the workspace packages inside and npm packages left to node_modules, and the
// migrations beside them. Running compiled JavaScript instead of TypeScript through a loader
// saves the loader's start-up work and its memory in every thread.
import fs from 'node:fs';
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
    },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
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
