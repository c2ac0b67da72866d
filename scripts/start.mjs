// `npm start`: builds the console when its sources are newer than the build, then runs the
// server in this process (so SIGINT/SIGTERM reach it directly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function consoleIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../../packages/contract/src'].map((p) =>
    newestMtime(path.join(web, p)),
  );
  return Math.max(...sources) > built;
}

if (process.env.ICS_SKIP_BUILD !== '1' && consoleIsStale()) {
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

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
