/**
 * The rows [start, end) of a batch of readings in the order of their devices' ids, as far as the
 * ids' first four characters tell (exact byte order for ASCII ids differing there, arrival order
 * among ids that share them).
 *
 * Why: every reading adds an entry to the btree on its device, and readings arrive in the order
 * of their gateways' messages, a random walk over the index. Inserted in id order, the rows of
 * one COPY sweep the index from left to right and each leaf page is found, changed and left once
 * per statement, hot in the CPU's caches: 1,000,000 readings of 100,000 devices took 36 %
 * less time sorted in runs of 50,000 (docs/performance.md, twelfth pass).
 *
 * Four characters are 65,536 buckets for hexadecimal UUIDs, one or two devices each at 100,000
 * devices: near enough to the index's order for its leaves to be visited in turn. The pass is
 * linear (two counting passes of 16 bits): about 2 ms per 30,000 rows, where a comparison sort
 * of the strings took 10–20 ms.
 */
export function deviceOrder(ids: readonly string[], start: number, end: number): Uint32Array {
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
