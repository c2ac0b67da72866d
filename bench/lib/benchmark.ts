/** One number a benchmark reports; `value` is null when the measurement was skipped. */
export type Figure = {
  name: string;
  value: number | null;
  unit: string;
  /** Secondary numbers (p99, ratio to the baseline) or why the figure is missing. */
  detail?: string;
  /** The target in words, e.g. `≥ 40 % of baseline, p99 < 50 ms`. */
  target?: string;
  /** Set when there is a target. */
  pass?: boolean;
};

/** A benchmark is bounded in time, stops by itself and cleans up after itself. */
export type Benchmark = {
  name: string;
  run(): Promise<Figure[]>;
};

/** Seconds each load test runs (`BENCH_SECONDS`, default 10). */
export function benchSeconds(): number {
  const raw = process.env.BENCH_SECONDS;
  const seconds = raw === undefined || raw === '' ? 10 : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_SECONDS=${raw}: expected seconds > 0`);
  return seconds;
}

export const skipped = (name: string, unit: string, why: string): Figure => ({
  name,
  value: null,
  unit,
  detail: why,
});

export function formatNumber(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Rows of a plain-text table with columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
