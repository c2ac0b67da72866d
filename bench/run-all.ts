// `npm run bench [-- <name filter>…]`: runs the registered benchmarks one after another on
// this machine and prints one table. Each benchmark is bounded in time and cleans up its
// child processes and databases; a benchmark that fails shows up as a row, not a stack trace.
import os from 'node:os';
import { fastifyVersion } from './http/baseline';
import { type Benchmark, benchSeconds, type Figure, formatNumber, table } from './lib/benchmark';
import { benchmarks } from './registry';

const filters = process.argv.slice(2);
const selected = benchmarks.filter(
  (b) => filters.length === 0 || filters.some((f) => b.name.toLowerCase().includes(f.toLowerCase())),
);

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(
  `ICS bench: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, Fastify ${fastifyVersion()}, ${benchSeconds()} s per load test at 50 connections`,
);

const results: { benchmark: Benchmark; figures: Figure[] }[] = [];
let crashed = false;
for (const benchmark of selected) {
  const started = Date.now();
  process.stdout.write(`- ${benchmark.name} … `);
  let figures: Figure[];
  try {
    figures = await benchmark.run();
  } catch (error) {
    crashed = true;
    const message = (error as Error).message;
    figures = [{ name: 'failed', value: null, unit: '', detail: message.split('\n')[0] ?? message }];
    console.error(`\n${message}`);
  }
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
  results.push({ benchmark, figures });
}

const rows = results.flatMap(({ benchmark, figures }) =>
  figures.map((f) => [
    benchmark.name,
    f.name,
    f.value === null ? '—' : `${formatNumber(f.value)} ${f.unit}`,
    f.target ?? '',
    f.pass === undefined ? '' : f.pass ? 'PASS' : 'MISS',
    f.detail ?? '',
  ]),
);
console.log(`\n${table(['benchmark', 'figure', 'value', 'target', 'result', 'details'], rows)}`);
process.exit(crashed ? 1 : 0);
