#!/usr/bin/env node
// Prints the gzip size of the JavaScript a fresh visit to /#/user/login downloads: the entry
// chunk with its static imports, plus the lazy chunks of the routes that render the login
// page (the user layout and the login view) with theirs. Reads dist/.vite/manifest.json, so
// run `npx vite build` first. Exits 1 when the total exceeds the budget.
//
//   node scripts/measure-login-bundle.mjs [--budget=250] [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args.find((a) => a.startsWith('--budget='))?.split('=')[1] ?? 250);
const asJson = args.includes('--json');

/** Source modules of the routes matched by /user/login (see src/app/router.tsx). */
const LOGIN_ROUTE_MODULES = [
  'src/layouts/user-layout/user-layout.tsx',
  'src/features/session/components/login-page.tsx',
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('dist/.vite/manifest.json not found: run `npx vite build` in apps/web first.');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const files = new Map(); // file -> reason
const visit = (key, reason) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  if (files.has(chunk.file)) return;
  files.set(chunk.file, reason);
  for (const dep of chunk.imports ?? []) visit(dep, reason);
};
visit(entryKey, 'entry');
for (const key of LOGIN_ROUTE_MODULES) visit(key, key);

const rows = [...files].map(([file, reason]) => {
  const code = readFileSync(path.join(dist, file));
  return { file, reason, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
const kb = (n) => (n / 1024).toFixed(1);

if (asJson) {
  console.log(
    JSON.stringify(
      { totalGzipKb: Number(kb(total)), totalRawKb: Number(kb(totalRaw)), budgetKb, rows },
      null,
      2,
    ),
  );
} else {
  for (const r of rows)
    console.log(`${kb(r.gzip).padStart(7)} KB gz  ${kb(r.raw).padStart(7)} KB  ${r.file}`);
  console.log(
    `login page JS: ${kb(total)} KB gzip (${kb(totalRaw)} KB raw) in ${rows.length} files; budget ${budgetKb} KB`,
  );
}
if (total / 1024 > budgetKb) process.exit(1);
