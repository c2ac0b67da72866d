// A fixed piece of work timed again and again during a long benchmark, so that a figure which
// drifts can be told apart from a machine that slows down: these cores are shared with other
// virtual machines, and when the same loop takes longer at minute 30 than at minute 1, the
// server's CPU per reading is expected to grow with it.
import { Worker } from 'node:worker_threads';

export type CanaryTimes = {
  /** Arithmetic only (registers and the first-level cache). */
  aluMs: number;
  /** Dependent random reads over 64 MiB (the memory caches and the TLB, shared with neighbours). */
  memoryMs: number;
};

// Plain JavaScript, evaluated in a worker so that timing it never blocks the bench's own loop.
// Each figure is the fastest of five runs: preemption only ever adds time.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
// One cycle through every word in a fixed pseudo-random order (Sattolo's shuffle), so that each
// read depends on the one before and none is likely to hit a cache.
const words = new Int32Array(16 * 1024 * 1024);
for (let i = 0; i < words.length; i++) words[i] = i;
let seed = 42;
for (let i = words.length - 1; i > 0; i--) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  const j = seed % i;
  const w = words[i];
  words[i] = words[j];
  words[j] = w;
}
function alu() {
  let x = 1;
  for (let i = 0; i < 10_000_000; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  return x;
}
function memory() {
  let at = 0;
  for (let i = 0; i < 200_000; i++) at = words[at];
  return at;
}
function fastest(work) {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    work();
    best = Math.min(best, performance.now() - t);
  }
  return Math.round(best * 100) / 100;
}
parentPort.on('message', () => parentPort.postMessage({ aluMs: fastest(alu), memoryMs: fastest(memory) }));
`;

/** Starts the canary's worker; `time()` runs the work once more and answers its times. */
export function startCanary(): { time(): Promise<CanaryTimes>; stop(): Promise<void> } {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  return {
    time: () =>
      new Promise<CanaryTimes>((resolve, reject) => {
        const answered = (times: CanaryTimes) => {
          worker.off('error', failed);
          resolve(times);
        };
        const failed = (error: Error) => {
          worker.off('message', answered);
          reject(error);
        };
        worker.once('message', answered);
        worker.once('error', failed);
        worker.postMessage('time');
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
