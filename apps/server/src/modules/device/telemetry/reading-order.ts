/**
 * The rows [start, end) of a batch of readings in the order of the readings' index, minute first
 * (`ts_minute`, whole minutes of `ts`), then device id as far as the ids' first four characters
 * tell (exact byte order for ASCII ids differing there, arrival order among ids that share them).
 *
 * Why: every reading adds an entry to the btree on (minute, device), and readings arrive in the
 * order of their gateways' messages, a random walk over the minute's part of the index. Inserted
 * in the index's order, the rows of one COPY sweep it from left to right and each leaf page is
 * found, changed and left once per statement, hot in the CPU's caches: 1,000,000 readings of
 * 100,000 devices took 36 % less time sorted in runs of 50,000 (docs/performance.md, twelfth pass).
 *
 * Four characters are 65,536 buckets for hexadecimal UUIDs, one or two devices each at 100,000
 * devices: near enough to the index's order for its leaves to be visited in turn. The pass is
 * linear (two counting passes of 16 bits): about 2 ms per 30,000 rows, where a comparison sort
 * of the strings took 10–20 ms.
 */
export function readingOrder(
  ids: readonly string[],
  ts: Float64Array,
  start: number,
  end: number,
): Uint32Array {
  return minuteFirst(ts, deviceOrder(ids, start, end));
}

/** Minutes since 1970-01-01 UTC: the readings' `ts_minute`. */
export const minuteOf = (ms: number) => Math.floor(ms / 60_000);

function deviceOrder(ids: readonly string[], start: number, end: number): Uint32Array {
  const n = end - start;
  const keys = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const id = ids[start + k]!;
    keys[k] = ((byteAt(id, 0) << 24) | (byteAt(id, 1) << 16) | (byteAt(id, 2) << 8) | byteAt(id, 3)) >>> 0;
  }
  const byLow = new Uint32Array(n);
  countingPass(keys, identity(n), byLow, 0);
  const order = new Uint32Array(n);
  countingPass(keys, byLow, order, 16);
  for (let k = 0; k < n; k++) order[k]! += start;
  return order;
}

/**
 * `order` stably regrouped by the minute of each row: a statement's rows nearly always fall in
 * one or two minutes, so this is usually a single scan that finds nothing to do.
 */
function minuteFirst(ts: Float64Array, order: Uint32Array): Uint32Array {
  if (order.length === 0) return order;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < order.length; k++) {
    const m = minuteOf(ts[order[k]!]!);
    if (m < lo) lo = m;
    if (m > hi) hi = m;
  }
  if (lo === hi) return order;
  if (hi - lo >= 65_536)
    // Readings spread over more than 45 days (a gateway's long-held backlog): rare enough for a
    // comparison sort, which Array#sort keeps stable.
    return Uint32Array.from(Array.from(order).sort((a, b) => minuteOf(ts[a]!) - minuteOf(ts[b]!)));
  const keys = new Uint32Array(ts.length);
  for (let k = 0; k < order.length; k++) keys[order[k]!] = minuteOf(ts[order[k]!]!) - lo;
  const out = new Uint32Array(order.length);
  countingPass(keys, order, out, 0);
  return out;
}

/** A character's code clamped to a byte (0 past the end): beyond ASCII only the order is approximate. */
const byteAt = (s: string, i: number) => (i < s.length ? Math.min(255, s.charCodeAt(i)) : 0);

function identity(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) out[k] = k;
  return out;
}

/** A stable counting sort of `from` (indexes into `keys`) by 16 bits of the key at `shift`. */
function countingPass(keys: Uint32Array, from: Uint32Array, to: Uint32Array, shift: number): void {
  const counts = new Uint32Array(65_537);
  for (let k = 0; k < from.length; k++) counts[((keys[from[k]!]! >>> shift) & 0xffff) + 1]!++;
  for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
  for (let k = 0; k < from.length; k++) {
    const row = from[k]!;
    to[counts[(keys[row]! >>> shift) & 0xffff]!++] = row;
  }
}
