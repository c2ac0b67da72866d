import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark, Figure } from '../lib/benchmark';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const measureScript = path.join(web, 'scripts/measure-login-bundle.mjs');

/** KB of 1024 bytes, as apps/web/scripts/measure-login-bundle.mjs counts them. */
export const MAX_LOGIN_KB = 250;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** Sources of the lazily loaded chunks a visit to #/user/login needs besides the entry. */
const LOGIN_ROUTE_CHUNKS = [
  /layouts\/user-layout\/user-layout\.tsx$/,
  /features\/auth\/components\/login-page\.tsx$/,
];

/**
 * JavaScript (gzip -9) a first visit to the login page downloads: the entry chunk, the user
 * layout and login view chunks, and every chunk they import statically.
 */
export function loginBundleBytes(manifest: Manifest): { bytes: number; files: string[]; missing: string[] } {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const missing: string[] = [];
  for (const pattern of LOGIN_ROUTE_CHUNKS) {
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    if (key) visit(key);
    else missing.push(pattern.source);
  }
  let bytes = 0;
  for (const file of files)
    if (file.endsWith('.js')) bytes += gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return { bytes, files: [...files], missing };
}

function build(): string | null {
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: web,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (run.status === 0) return null;
  const out = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').slice(-3).join(' | ');
  return run.error ? run.error.message : out || `exit ${run.status}`;
}

/**
 * The number the web workspace's own script prints (`--json`, KB of 1024 bytes). It exits 1
 * when over its budget, which is a result here, not a failure.
 */
function fromMeasureScript(): { kb: number } | { error: string } {
  const run = spawnSync(process.execPath, [measureScript, '--json'], {
    cwd: web,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const out = (run.stdout ?? '').trim();
  try {
    const json = JSON.parse(out) as { totalGzipKb?: unknown };
    if (typeof json.totalGzipKb === 'number') return { kb: json.totalGzipKb };
  } catch {
    // reported below
  }
  return { error: `exit ${run.status}: ${(run.stderr || out).trim().split('\n')[0]?.slice(0, 160)}` };
}

export const loginBundleBenchmark: Benchmark = {
  name: 'console',
  async run(): Promise<Figure[]> {
    const name = 'login page initial JS (gzip -9)';
    const target = `≤ ${MAX_LOGIN_KB} KB`;
    let note = '';
    if (!fs.existsSync(dist) || !fs.existsSync(manifestFile) || process.env.BENCH_WEB_BUILD === '1') {
      const failed = build();
      if (failed) return [{ name, value: null, unit: 'KB', detail: `vite build failed: ${failed}`, target }];
      note = 'built for this run';
    } else {
      note = `dist from ${fs.statSync(manifestFile).mtime.toISOString().slice(0, 16).replace('T', ' ')}`;
    }
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const own = loginBundleBytes(manifest);
    const ownKb = own.bytes / 1024;
    const ownText = `${own.files.filter((f) => f.endsWith('.js')).length} chunks`;
    const missing = own.missing.length ? `; not in the build yet: ${own.missing.join(', ')}` : '';

    if (fs.existsSync(measureScript)) {
      const theirs = fromMeasureScript();
      if ('kb' in theirs) {
        return [
          {
            name: `${name}, apps/web/scripts/measure-login-bundle.mjs`,
            value: theirs.kb,
            unit: 'KB',
            detail: `${note}; bench's own walk: ${ownKb.toFixed(1)} KB in ${ownText}${missing}`,
            target,
            pass: theirs.kb <= MAX_LOGIN_KB,
          },
        ];
      }
      note += `; measure-login-bundle.mjs unusable (${theirs.error})`;
    }
    return [
      {
        name,
        value: ownKb,
        unit: 'KB',
        detail: `${note}; ${ownText} (entry, user layout, login view + static imports)${missing}`,
        target,
        pass: own.missing.length === 0 && ownKb <= MAX_LOGIN_KB,
      },
    ];
  },
};
