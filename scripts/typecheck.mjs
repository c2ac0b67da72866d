// Type-checks every workspace with the native TypeScript 7 compiler (same diagnostics, ~5x faster).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript7/package.json')), 'bin/tsc');
const projects = [
  'packages/contract',
  'apps/server',
  'apps/web',
  'apps/simulator',
  'e2e',
  'bench',
  'tools',
].filter((p) => existsSync(`${p}/tsconfig.json`));
let failed = false;
for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
if (failed) process.exit(1);
console.log(`typecheck: ${projects.length} projects clean`);
