import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');

/**
 * The console a browser bench serves: its own build, never `apps/web/dist` (other work in the
 * same checkout uses that one). `BENCH_WEB_DIR` moves it.
 */
export const benchConsoleDir = path.resolve(
  process.env.BENCH_WEB_DIR ?? path.join(os.tmpdir(), 'ics-bench-web'),
);

/** Newest modification time of a file under `target` (0 when absent). */
function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

/**
 * Builds the console into `outDir` when that build is older than the console's sources (as
 * `npm start` decides for `dist`) or `BENCH_WEB_BUILD=1`. Returns an error text, or null.
 */
export function ensureConsoleBuild(outDir = benchConsoleDir): string | null {
  const index = path.join(outDir, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../../packages/contract/src'];
  const stale =
    process.env.BENCH_WEB_BUILD === '1' ||
    !fs.existsSync(index) ||
    fs.statSync(index).mtimeMs < Math.max(...sources.map((p) => newestMtime(path.join(webDir, p))));
  if (!stale) return null;
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: webDir, encoding: 'utf8', timeout: 300_000 },
  );
  return run.status === 0 ? null : `vite build failed: ${(run.stderr || run.stdout || '').slice(-300)}`;
}
