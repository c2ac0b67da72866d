import type { DeviceStateDto } from '@ics/contract/server';

/** The fault list of every device without a fault (never modified). */
const NO_FAULTS: string[] = [];

/** A device's latest-state row as stored, which seeds its live state once. */
export type StoredState = {
  online: boolean | null;
  on: unknown;
  level: unknown;
  faults: string[] | null;
  /** When the row was last written (epoch ms). */
  at: number;
};

/**
 * The latest state of one device as this node knows it: created on its first message and
 * updated in place by every later one, so that at 100,000 readings/s no per-reading object
 * outlives the message that carried it (the garbage collector's old generation stays quiet).
 *
 * It serves two readers: the live pushes to consoles (`StateFanout`, from memory) and the
 * device's `dev_state` row (`StateWriter`, written when something that matters changed or the
 * last write is old).
 */
export class LiveDevice {
  /** The readings' values merged (the row's `vals`): every field but `dev`, `ts` (and a lamp's `faults`). */
  readonly vals: Record<string, unknown> = {};
  /** Time of the latest reading or heartbeat (epoch ms). */
  ts = 0;
  /** Time of the newest reading merged into `vals` (the device's own clock, epoch ms). */
  private readingTs = Number.NEGATIVE_INFINITY;
  online: boolean | null = null;
  /** The latest fault list the device reported; null before it reported one. */
  faults: string[] | null = null;
  /** Reported since the row was last written (the write then sets them; else the row keeps its own). */
  onlinePending = false;
  faultsPending = false;
  /** The latest fault list is not yet in a live push. */
  faultsUnpushed = false;
  /** The flush that last listed it as changed (so that it is listed once per flush). */
  changedIn = -1;
  /**
   * Which queue of the state writer holds it (`urgent`: its row is written at once;
   * `dirty`: when its last write is old): a flag, so that listing 100,000 changed devices a
   * flush costs no hash look-up for those already queued.
   */
  queued: 'none' | 'dirty' | 'urgent' = 'none';
  /** The live push that last listed it (so that it is listed once per push). */
  pushedIn = -1;
  /** Waiting in the express lane. */
  express = false;
  /** When it entered the express lane (performance.now(), diagnostics). */
  expressSince = 0;
  /** What `dev_state` holds, as far as this node wrote it (`writtenAt` 0: nothing known). */
  writtenAt = 0;
  writtenOnline: boolean | null = null;
  writtenOn: unknown;
  writtenLevel: unknown;
  writtenFaults: string | null = null;

  constructor(
    readonly id: string,
    public projectId: string,
    public gatewayId: string,
    /** What the row held when the node started hearing from the device: only real changes are urgent. */
    stored?: StoredState,
    /** This node's number of the device, dense from 0 (arrays indexed by device, see `BucketMap`). */
    readonly index = -1,
  ) {
    if (!stored) return;
    this.writtenAt = stored.at;
    this.writtenOnline = stored.online;
    this.writtenOn = stored.on;
    this.writtenLevel = stored.level;
    this.writtenFaults = stored.faults ? stored.faults.join(',') : null;
  }

  /**
   * Whether a reading of this time is the newest so far (its values then become the state);
   * one older than the state's is history only.
   */
  takeReadingTime(ts: number): boolean {
    if (ts < this.readingTs) return false;
    this.readingTs = ts;
    return true;
  }

  /**
   * Takes a reported fault list. The list held stays when the report is the same: every lamp
   * reports its list each time, and keeping each report's new array alive until the next one
   * (100,000 of them, about a second each) made every young-generation collection copy and
   * promote them.
   */
  reportFaults(faults: string[]): void {
    const held = this.faults;
    if (held === null || held.length !== faults.length || held.some((f, i) => f !== faults[i]))
      this.faults = faults.length === 0 ? NO_FAULTS : faults;
    this.faultsPending = true;
    this.faultsUnpushed = true;
  }

  /** Merges a reading's fields into `vals`; `dev`, `ts` and (when `skipFaults`) `faults` stay out. */
  merge(reading: Record<string, unknown>, skipFaults: boolean): void {
    const vals = this.vals;
    for (const key in reading)
      if (key !== 'dev' && key !== 'ts' && !(skipFaults && key === 'faults')) vals[key] = reading[key];
  }

  /** Whether the row must be written at once: nothing known of it, or a value that matters changed. */
  isUrgent(): boolean {
    if (this.writtenAt === 0) return true;
    if (this.onlinePending && this.online !== this.writtenOnline) return true;
    if (this.vals.on !== this.writtenOn || this.vals.level !== this.writtenLevel) return true;
    return this.faultsPending && this.faults !== null && this.faults.join(',') !== this.writtenFaults;
  }

  /** The row as written now (a `jsonb_to_recordset` element), remembered as what `dev_state` holds. */
  takeRow(now: number): { d: string; t: number; o: boolean | null; v: object; f: string[] | null } {
    const row = {
      d: this.id,
      t: this.ts,
      o: this.onlinePending ? this.online : null,
      v: this.vals,
      f: this.faultsPending ? this.faults : null,
    };
    this.writtenAt = now;
    if (this.onlinePending) this.writtenOnline = this.online;
    if (this.faultsPending && this.faults) this.writtenFaults = this.faults.join(',');
    this.writtenOn = this.vals.on;
    this.writtenLevel = this.vals.level;
    this.onlinePending = false;
    this.faultsPending = false;
    return row;
  }

  /**
   * `row` (the device's `dev_state` row as the API answers it) with what this node heard since,
   * when that is newer by the device's own time: the row lags behind memory by up to the state
   * write interval for values that do not matter much, and by a database write for the others.
   * An older memory (another node heard the device since) leaves the row as it is.
   */
  over(row: DeviceStateDto): DeviceStateDto {
    const rowTs = row.lastSeen === null ? Number.NEGATIVE_INFINITY : Date.parse(row.lastSeen);
    if (this.ts <= rowTs) return row;
    return {
      online: this.online ?? row.online,
      lastSeen: new Date(this.ts).toISOString(),
      values: { ...row.values, ...this.vals },
      faults: this.faults ?? row.faults,
    };
  }

  /** The live-push entry: the full latest state (consoles merge it over what they loaded). */
  pushEntry(): Record<string, unknown> {
    const entry: Record<string, unknown> = {
      id: this.id,
      gatewayId: this.gatewayId,
      lastSeen: new Date(this.ts).toISOString(),
      values: this.vals,
    };
    if (this.online !== null) entry.online = this.online;
    if (this.faultsUnpushed && this.faults) {
      entry.faults = this.faults;
      this.faultsUnpushed = false;
    }
    return entry;
  }
}
