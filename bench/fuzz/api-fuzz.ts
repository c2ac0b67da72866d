import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API fuzz test (apps/server/test/fuzz) with many more cases per route than CI runs:
 * `npm run fuzz -w @ics/bench` (ICS_FUZZ_RUNS, default 200; ICS_FUZZ_SEED to vary the cases).
 * Prints each kind of 5xx it found — route and answer — with one request that caused it.
 */
type Failure = { route: string; status: number; message: string; request: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = process.env.ICS_FUZZ_RUNS ?? '200';
const dir = mkdtempSync(path.join(tmpdir(), 'ics-fuzz-'));
const report = path.join(dir, 'failures.json');
const started = Date.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'integration', 'apps/server/test/fuzz/api-fuzz.int.test.ts'],
  { cwd: root, env: { ...process.env, ICS_FUZZ_RUNS: runs, ICS_FUZZ_REPORT: report }, stdio: 'ignore' },
);
const seconds = Math.round((Date.now() - started) / 1000);
let failures: Failure[];
try {
  failures = JSON.parse(readFileSync(report, 'utf8')) as Failure[];
} catch {
  console.error(`The fuzz test ended (exit ${run.status}) without a report after ${seconds} s.`);
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const kinds = new Map<string, Failure[]>();
for (const f of failures) {
  const answer = (() => {
    try {
      return (JSON.parse(f.message) as { errorCode?: string }).errorCode ?? f.message;
    } catch {
      return f.message;
    }
  })();
  const kind = `${f.status} ${f.route} ${answer}`;
  kinds.set(kind, [...(kinds.get(kind) ?? []), f]);
}
console.log(
  `${runs} cases per route in ${seconds} s: ${failures.length} answers with a 5xx, ${kinds.size} kinds.`,
);
for (const [kind, list] of kinds) {
  console.log(`\n${kind} (${list.length}×)`);
  console.log(`  e.g. ${list[0]!.request}`);
}
process.exit(failures.length ? 1 : 0);
