/** A fault flag an `up/event` raised or cleared on a device's state row. */
export type FaultOp = { deviceId: string; code: string; active: boolean };

/** What a run of fault operations does to one device's `faults` array. */
export type FaultFlagChange = {
  deviceId: string;
  /** Flags cleared at some point of the run (taken out first). */
  remove: string[];
  /** Flags raised after their last clear, in the order they were raised (appended when absent). */
  add: string[];
};

/**
 * Folds fault operations, in the order they were reported, into one change per device, so that
 * a storm of events is written in one statement instead of one per event. The change gives the
 * same array as the operations applied one by one: a clear takes the flag out, a raise appends
 * it when absent (a flag cleared then raised again goes to the end, as it would have).
 */
export function faultFlagChanges(ops: readonly FaultOp[]): FaultFlagChange[] {
  /** device → flag → whether cleared in the run, and the position of the raise that appends it. */
  const byDevice = new Map<string, Map<string, { cleared: boolean; appendAt: number | null }>>();
  for (const [i, op] of ops.entries()) {
    const flags = byDevice.get(op.deviceId) ?? new Map();
    byDevice.set(op.deviceId, flags);
    const flag = flags.get(op.code) ?? { cleared: false, appendAt: null };
    if (!op.active) {
      flag.cleared = true;
      flag.appendAt = null;
    } else flag.appendAt ??= i;
    flags.set(op.code, flag);
  }
  return [...byDevice].map(([deviceId, flags]) => {
    const all = [...flags];
    return {
      deviceId,
      remove: all.filter(([, f]) => f.cleared).map(([code]) => code),
      add: all
        .filter(([, f]) => f.appendAt !== null)
        .sort(([, a], [, b]) => a.appendAt! - b.appendAt!)
        .map(([code]) => code),
    };
  });
}
