import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freshPostgres } from '../http/database';
import { API, call, startServer } from '../http/server';
import { type Benchmark, type Figure, formatNumber, skipped } from '../lib/benchmark';
import { waitForQuiet } from '../lib/cpu';
import { benchConsoleDir, ensureConsoleBuild } from '../lib/web-build';
import { MAP_POLES, seedPoles } from './seed';

const ADMIN_PASSWORD = 'Bench-Admin-123!';
/** First page of the lamp list: p95 of sequential requests under this (ms). */
export const MAX_LIST_MS = 150;
/** From navigation to every pole drawn (ms). */
export const MAX_MAP_READY_MS = 1_500;
/** p95 of frame times while panning (ms): 30 frames/s. */
export const MAX_FRAME_MS = 33;
const WARMUP = 3;
const REQUESTS = 30;
const PAN_MS = 3_000;

type Variant = 'pglite' | 'postgres';

const LIST_CASES = [
  { label: 'default sort', query: '' },
  { label: 'filter state=fault', query: '&state=fault' },
  { label: 'sort name desc', query: '&column=name&order=desc' },
];

/**
 * Issue 6: 100,000 poles with one lamp each, seeded by SQL. (a) First page of the lamp list,
 * sequential requests, with the default sort, a filter and a sort; (b) the GIS page in
 * Chromium: time until every pole is drawn, then frame times while panning.
 */
export function lightingScaleBenchmark(variant: Variant): Benchmark {
  return {
    name: `lighting 100k [${variant}]`,
    async run() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ics-bench-map-${variant}-`));
      let databaseUrl: string | undefined;
      let drop: (() => Promise<void>) | undefined;
      try {
        if (variant === 'postgres') {
          const pg = await freshPostgres();
          if (pg.url === null) return [skipped('PostgreSQL variant', '', `skipped: ${pg.reason}`)];
          databaseUrl = pg.url;
          drop = pg.drop;
        }
        const first = await startServer({ dataDir, adminPassword: ADMIN_PASSWORD, databaseUrl });
        await first.stop();
        const seedStart = performance.now();
        const fleet = await seedPoles({ dataDir, databaseUrl }, MAP_POLES);
        const seedMs = performance.now() - seedStart;
        // The console is built (when stale) before the server starts: it serves that folder.
        const buildError = ensureConsoleBuild();
        const server = await startServer({
          dataDir,
          adminPassword: ADMIN_PASSWORD,
          databaseUrl,
          env: { ICS_WEB_DIR: benchConsoleDir },
        });
        try {
          const tag = `[${variant}]`;
          const figures: Figure[] = [
            {
              name: `seed ${fleet.poles.toLocaleString('en-US')} poles / ${fleet.lamps.toLocaleString('en-US')} lamps ${tag}`,
              value: seedMs / 1000,
              unit: 's',
            },
          ];
          const token = await login(server.api);
          figures.push(...(await measureLists(server.api, token, tag)));
          figures.push(...(await measureMapEndpoint(server.api, token, tag)));
          figures.push(...(await measureMapPage(server.api, server.pid, tag, buildError)));
          return figures;
        } finally {
          await server.stop();
        }
      } finally {
        await drop?.().catch((error: Error) =>
          console.error(`could not drop the database: ${error.message}`),
        );
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

type LoginResult = { token: string; userInfo: unknown; departs: unknown; sysAllDictItems: unknown };

async function loginResult(api: string): Promise<LoginResult> {
  const res = await call(api, 'POST', '/sys/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login failed (${res.status}): ${res.body.message}`);
  return res.body.result as LoginResult;
}
const login = async (api: string) => (await loginResult(api)).token;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

/** Sequential requests: warm-up, then REQUESTS timed; p50/p95 in ms. */
async function timeSequential(api: string, route: string, token: string) {
  let total: number | undefined;
  let bytes = 0;
  const once = async () => {
    const start = performance.now();
    const res = await fetch(`${api}${route}`, { headers: { 'x-access-token': token } });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    total ??= (JSON.parse(text) as { result: { total?: number } }).result.total;
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), total, bytes };
}

async function measureLists(api: string, token: string, tag: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const c of LIST_CASES) {
    const route = `/lighting/lamp/list?pageNo=1&pageSize=10${c.query}`;
    const r = await timeSequential(api, route, token);
    figures.push({
      name: `GET ${API}${route} ${tag}`,
      value: r.p95,
      unit: 'ms p95',
      detail: `p50 ${formatNumber(r.p50)} ms; ${c.label}; total ${r.total ?? '?'}; ${REQUESTS} sequential requests`,
      target: `first page p95 < ${MAX_LIST_MS} ms`,
      pass: r.p95 < MAX_LIST_MS,
    });
  }
  return figures;
}

/**
 * The map's two requests: the static part (first answer after the start builds the cache;
 * then cached, compressed, or 304 with the ETag) and the states (one aggregate read each).
 */
async function measureMapEndpoint(api: string, token: string, tag: string): Promise<Figure[]> {
  const get = async (route: string, headers: Record<string, string> = {}) => {
    const start = performance.now();
    const res = await fetch(`${api}${route}`, { headers: { 'x-access-token': token, ...headers } });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200 && res.status !== 304)
      throw new Error(`${route} answered ${res.status}: ${text.slice(0, 200)}`);
    return { ms, res, text };
  };
  const timed = async (route: string, headers?: Record<string, string>, gapMs = 0) => {
    const times: number[] = [];
    let last = await get(route, headers);
    for (let i = 0; i < 2; i++) last = await get(route, headers);
    for (let i = 0; i < 6; i++) {
      if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
      last = await get(route, headers);
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), last };
  };
  const mapRoute = '/lighting/pole/map';
  const statesRoute = '/lighting/pole/mapStates';
  const cold = await get(mapRoute);
  const map = JSON.parse(cold.text) as { result: { codes: string[] } };
  const poles = map.result.codes.length;
  const warm = await timed(mapRoute);
  const encoded = Number(warm.last.res.headers.get('content-length') ?? 0);
  const etag = warm.last.res.headers.get('etag') ?? '';
  const revalidated = await timed(mapRoute, { 'if-none-match': etag });
  // What the console loads: the same columns as binary (pole-columns.ts), compressed.
  const columnsRoute = '/lighting/pole/mapColumns';
  const columns = await timed(columnsRoute, { 'accept-encoding': 'gzip, deflate, br' });
  const columnsSent = Number(columns.last.res.headers.get('content-length') ?? 0);
  const columnsBytes = (
    await (await fetch(`${api}${columnsRoute}`, { headers: { 'x-access-token': token } })).arrayBuffer()
  ).byteLength;
  // Apart by more than the server's states cache time: each request computes the states.
  const states = await timed(statesRoute, {}, 1_100);
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
  return [
    {
      name: `GET ${API}${mapRoute} (first after start: builds the cache) ${tag}`,
      value: cold.ms,
      unit: 'ms',
      detail: `${poles.toLocaleString('en-US')} poles, ${mib(cold.text.length)} JSON`,
    },
    {
      name: `GET ${API}${mapRoute} (cached) ${tag}`,
      value: warm.p50,
      unit: 'ms p50',
      detail: `p95 ${formatNumber(warm.p95)} ms; ${mib(encoded)} sent (${warm.last.res.headers.get('content-encoding') ?? 'identity'}); 6 sequential requests`,
    },
    {
      name: `GET ${API}${mapRoute} (If-None-Match → ${revalidated.last.res.status}) ${tag}`,
      value: revalidated.p50,
      unit: 'ms p50',
      detail: `p95 ${formatNumber(revalidated.p95)} ms; 6 sequential requests`,
    },
    {
      name: `GET ${API}${columnsRoute} (cached) ${tag}`,
      value: columns.p50,
      unit: 'ms p50',
      detail: `p95 ${formatNumber(columns.p95)} ms; ${mib(columnsBytes)} binary, ${mib(columnsSent)} sent (${columns.last.res.headers.get('content-encoding') ?? 'identity'}); 6 sequential requests`,
    },
    {
      name: `GET ${API}${statesRoute} ${tag}`,
      value: states.p50,
      unit: 'ms p50',
      detail: `p95 ${formatNumber(states.p95)} ms; ${mib(states.last.text.length)}; 6 requests 1.1 s apart (uncached)`,
    },
  ];
}

/**
 * Where a navigation's time went (printed with BENCH_VERBOSE=1): the document's milestones and
 * each request or script of the map page, in ms since navigation start.
 */
async function pageTimeline(page: import('playwright-core').Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const rows = [['domContentLoaded', 0, nav.domContentLoadedEventEnd], ['load', 0, nav.loadEventEnd]];
    for (const m of performance.getEntriesByType('mark')) rows.push([m.name, m.startTime, m.startTime]);
    for (const r of performance.getEntriesByType('resource'))
      rows.push([r.name.replace(location.origin, ''), r.startTime, r.responseEnd]);
    return rows
      .sort((a, b) => a[2] - b[2])
      .map(([name, from, to]) => '  ' + Math.round(from) + ' → ' + Math.round(to) + ' ms  ' + name.slice(0, 110))
      .join('\\n');
  })()`)) as string;
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** The 25 functions with the most self time in a CPU profile (BENCH_MAP_PROFILE=1). */
function topFunctions(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key.slice(0, 120)}`)
    .join('\n');
}

async function measureMapPage(
  api: string,
  serverPid: number,
  tag: string,
  buildError: string | null,
): Promise<Figure[]> {
  const readyName = `GIS map: navigation → ${MAP_POLES.toLocaleString('en-US')} poles drawn ${tag}`;
  const panName = `GIS map: frame time while panning ${tag}`;
  const executablePath = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath))
    return [
      skipped(readyName, 'ms', `no Chromium at ${executablePath}`),
      skipped(panName, 'ms', 'no Chromium'),
    ];
  if (buildError) return [skipped(readyName, 'ms', buildError), skipped(panName, 'ms', buildError)];

  const session = await loginResult(api);
  const base = api.slice(0, -API.length);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The session as the console stores it after a sign-in (storage.ts: `ics__` + key, `{value, expire}`).
    // (The bench has no DOM types: code that runs in the page is given as text.)
    const entries = Object.entries({
      'Access-Token': session.token,
      Login_Username: 'admin',
      Login_Userinfo: session.userInfo,
      Login_Departs: session.departs,
      UI_CACHE_DB_DICT_DATA: session.sysAllDictItems,
    });
    await page.addInitScript({
      content: `{ const expire = Date.now() + 7 * 24 * 3600 * 1000;
        for (const [key, value] of ${JSON.stringify(entries)})
          window.localStorage.setItem('ics__' + key, JSON.stringify({ value, expire })); }`,
    });
    // Load the app shell once so that the measured navigation finds its files in the cache,
    // as an operator's second visit would.
    await page.goto(`${base}/#/dashboard/analysis`);
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');

    const profileTo = process.env.BENCH_MAP_PROFILE;
    const profiler = profileTo ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.send('Profiler.start');
    }
    // Not in the middle of the database's own work after the seed (autovacuum, checkpoints):
    // the browser is idle now, so anything busy besides the server is someone else.
    await waitForQuiet([serverPid]);
    const start = performance.now();
    await page.goto(`${base}/#/gis/GlrGis`);
    const ready = (await page
      .waitForFunction('window.__icsMapReady', undefined, { timeout: 60_000, polling: 'raf' })
      .then((h) => h.jsonValue())) as { poles: number; ms: number; engine: string };
    const readyMs = performance.now() - start;
    if (process.env.BENCH_VERBOSE === '1')
      console.error(`${tag} map page timeline:\n${await pageTimeline(page)}`);
    if (profiler) {
      const { profile } = (await profiler.send('Profiler.stop')) as { profile: CpuProfile };
      console.error(`${tag} map page main thread, self time by function:\n${topFunctions(profile)}`);
      if (profileTo && profileTo !== '1') {
        const file = path.resolve(profileTo.replace('{variant}', tag.slice(1, -1)));
        fs.writeFileSync(file, JSON.stringify(profile));
        console.error(`${tag} profile written to ${file} (bench/lib/cpu-profile.ts summarises it)`);
      }
    }

    // Pan: drag the map back and forth with the mouse for PAN_MS, recording frame deltas.
    await page.evaluate(`{
      window.__frames = [];
      window.__recording = true;
      let last = 0;
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(tick);
      });
    }`);
    const box = (await page.getByTestId('gis-map').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const panStart = performance.now();
    let step = 0;
    while (performance.now() - panStart < PAN_MS) {
      const phase = Math.floor(step / 60) % 2 === 0 ? 1 : -1;
      const offset = ((step % 60) - 30) * 6 * phase;
      await page.mouse.move(cx + offset, cy + offset / 2);
      step++;
    }
    await page.mouse.up();
    const frames = (await page.evaluate('window.__recording = false, window.__frames')) as number[];
    frames.sort((a, b) => a - b);
    const p95 = quantile(frames, 0.95);
    return [
      {
        name: readyName,
        value: readyMs,
        unit: 'ms',
        detail: `${ready.poles.toLocaleString('en-US')} poles, ${ready.engine} engine; ${ready.ms} ms after the page mounted; one request`,
        target: `< ${MAX_MAP_READY_MS} ms`,
        pass: ready.poles === MAP_POLES && readyMs < MAX_MAP_READY_MS,
      },
      {
        name: panName,
        value: p95,
        unit: 'ms p95',
        detail: `p50 ${formatNumber(quantile(frames, 0.5))} ms, max ${formatNumber(frames.at(-1) ?? 0)} ms, ${frames.length} frames in ${step} mouse moves`,
        target: `p95 < ${MAX_FRAME_MS} ms`,
        pass: p95 < MAX_FRAME_MS,
      },
    ];
  } finally {
    await browser.close();
  }
}
