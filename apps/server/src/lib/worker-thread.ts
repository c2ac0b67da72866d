import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Whether this is the compiled server (`npm start`), whose threads are compiled beside it. */
const compiled = import.meta.url.endsWith('.mjs');

/** URL of tsx's ESM registration API (its CommonJS twin does not load in an eval'd worker). */
function tsxApi(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
}

/**
 * A thread running the module at `source` (`new URL('./x.ts', import.meta.url)` in the caller).
 * Compiled, the build puts `x.mjs` beside the server's own module, where `source` resolves to.
 * From sources, tsx is registered in the thread itself: hooks registered in this thread do not
 * reach worker threads on Node 20.
 */
export function startWorker(source: URL, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (compiled) return new Worker(new URL(source.href.replace(/\.ts$/, '.mjs')), options);
  return new Worker(
    `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`,
    { ...options, eval: true },
  );
}
