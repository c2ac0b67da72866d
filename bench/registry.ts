import { alarmBenchmark } from './alarm/alarm';
import { bareBrokerBenchmark } from './device/bare-broker';
import { bareCopyBenchmark } from './device/bare-copy';
import { deviceBenchmark, deviceShareBenchmark } from './device/devices';
import { ingestChecksBenchmark } from './device/ingest-checks';
import { twoNodeBenchmark } from './device/two-nodes';
import { baselineBenchmark } from './http/baseline';
import { platformBenchmark } from './http/platform';
import type { Benchmark } from './lib/benchmark';
import { batchBrowserBenchmark } from './lighting/batch-browser';
import { lightingScaleBenchmark } from './lighting/lighting';
import { startBenchmark } from './start/start';
import { loginBundleBenchmark } from './web/login-bundle';

/** Every benchmark `npm run bench` runs, in this order. Add one line per new benchmark. */
export const benchmarks: Benchmark[] = [
  baselineBenchmark,
  platformBenchmark('pglite'),
  platformBenchmark('postgres'),
  ingestChecksBenchmark,
  // The bounds right before the device figures that are stated as shares of them.
  bareBrokerBenchmark,
  bareCopyBenchmark('pglite'),
  deviceBenchmark('pglite'),
  deviceShareBenchmark('pglite'),
  bareCopyBenchmark('postgres'),
  deviceBenchmark('postgres'),
  deviceShareBenchmark('postgres'),
  deviceBenchmark('pglite', { rules: 1_000 }),
  deviceBenchmark('postgres', { rules: 1_000 }),
  twoNodeBenchmark,
  loginBundleBenchmark,
  lightingScaleBenchmark('pglite'),
  lightingScaleBenchmark('postgres'),
  batchBrowserBenchmark('postgres'),
  alarmBenchmark('postgres'),
  startBenchmark,
];
