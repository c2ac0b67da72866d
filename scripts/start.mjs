// `npm start`: builds the console and compiles the server when their sources are newer than the
// builds, then runs the compiled server in this process (so SIGINT/SIGTERM reach it directly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
const contractSources = path.join(root, 'packages/contract/src');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `built` is missing or older than any of `sources`. */
function isStale(built, sources) {
  if (!fs.existsSync(built)) return true;
  return Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
}

const skipBuild = process.env.ICS_SKIP_BUILD === '1';

const consoleSources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => path.join(web, p));
if (!skipBuild && isStale(path.join(web, 'dist/index.html'), [...consoleSources, contractSources])) {
  process.stdout.write('Building the console…\n');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: web,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    process.stderr.write('ics: building the console failed (see above)\n');
    process.exit(1);
  }
}

const compiledServer = path.join(server, 'dist/main.mjs');
const serverSources = [path.join(server, 'src'), contractSources, path.join(root, 'apps/simulator/src')];
// ICS_SKIP_BUILD skips the console's build only: compiling the server takes a second or two, and
// a stale compiled server would run other code than the sources (a bench measuring an old build).
if (isStale(compiledServer, serverSources)) {
  process.stdout.write('Compiling the server…\n');
  const { buildServer } = await import(path.join(server, 'scripts/build.mjs'));
  await buildServer();
}

await import(compiledServer);
