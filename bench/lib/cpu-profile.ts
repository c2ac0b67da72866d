// `npx tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top] [--from s] [--to s]`: self time per
// function and the share of total time spent under each function, to find what a measured
// endpoint spends on. `--from`/`--to` keep the samples of that part of the profile (seconds
// since it began): the first and the last minutes of a long run side by side show what grew.
import fs from 'node:fs';
import path from 'node:path';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = Number(args[i + 1]);
  args.splice(i, 2);
  return value;
};
const fromS = option('--from') ?? 0;
const toS = option('--to') ?? Infinity;
const [file, topArg] = args;
if (!file || Number.isNaN(fromS) || Number.isNaN(toS)) {
  console.error('usage: tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top] [--from s] [--to s]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const where = url ? `${path.relative(process.cwd(), url)}:${n.callFrame.lineNumber + 1}` : '';
  return `${n.callFrame.functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let elapsedUs = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  elapsedUs += dt;
  if (elapsedUs < fromS * 1e6 || elapsedUs >= toS * 1e6) return;
  all += dt;
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + dt);
  }
});

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [l, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((t / all) * 100).toFixed(1).padStart(5)} %  ${l}`);
};
console.log(
  `${(all / 1e6).toFixed(1)} s of samples between ${fromS} s and ${Number.isFinite(toS) ? `${toS} s` : 'the end'} (the profile spans ${(elapsedUs / 1e6).toFixed(1)} s)`,
);
print('self time', self);
print('total time (function and what it calls)', total);
