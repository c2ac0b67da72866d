import type { Database } from '../../../db/database';
import { epochMsToTimestamptz } from '../telemetry/reading-columns';
import type { BulkTurns } from './bulk-turns';
import { type FaultOp, faultFlagChanges } from './fault-flags';
import type { IngestEvents, IngestLogger, IngestStats } from './ingest-events';
import type { LiveDevice } from './live-device';

/** Latest-state rows per statement: an express write waits for one such statement at most. */
const STATE_CHUNK = 1_000;
/**
 * Share of the time the bulk lane may keep the database writing state rows (urgent ones are not
 * limited): an UPDATE of a state row costs PostgreSQL ~12 µs of CPU (PGlite ~25 µs), 3–4 times
 * a reading's COPY, so 100,000 devices rewritten every 5 s would take a quarter of a core. Past
 * this share the oldest rows go first and the values that do not matter (power, voltage, …)
 * lag longer; live pushes are unaffected. A chunk's time includes waiting for a busy database,
 * so the lane also backs off when ingestion or the API keeps the database busy.
 */
const STATE_DUTY = 0.1;

/**
 * Writes the devices' latest-state rows (`dev_state`). Bulk lane: a row is written at once when
 * a value that matters changed (on, level, online, faults: `urgent`), else when its last write
 * is `stateWriteMs` old (`dirty`, in about the order of their last write, so that the due ones
 * are at its front), within a share of the database's time. Live pushes come from memory at
 * every flush, whatever the rows hold. The express lane's rows go through `writeExpress`.
 */
export class StateWriter {
  private readonly urgent = new Set<LiveDevice>();
  private readonly dirty = new Set<LiveDevice>();
  /** The bulk writer runs (one chunk after another, beside the flushes of readings). */
  private writer: Promise<void> | null = null;
  /** The bulk lane's next chunk waits until then (see `STATE_DUTY`). */
  private bulkNotBefore = 0;
  /** Serialises writes to dev_state between the bulk and the express lane. */
  private lock: Promise<unknown> = Promise.resolve();
  private faultOps: FaultOp[] = [];

  constructor(
    private readonly db: Database,
    private readonly turns: BulkTurns,
    private readonly events: Pick<IngestEvents, 'onDevicesChanged'>,
    private readonly stats: IngestStats,
    private readonly log: IngestLogger,
    /** A device's row is rewritten at most this often unless on/level/online/faults changed. */
    private readonly stateWriteMs = 5_000,
  ) {}

  /** Queues a changed device's row: urgent when a value that matters changed, else dirty. */
  queue(d: LiveDevice): void {
    if (d.queued === 'urgent') return;
    if (d.isUrgent()) {
      if (d.queued === 'dirty') this.dirty.delete(d);
      this.urgent.add(d);
      d.queued = 'urgent';
    } else if (d.queued === 'none') {
      this.dirty.add(d);
      d.queued = 'dirty';
    }
  }

  /**
   * Starts the bulk writer unless it runs: beside the flushes of readings (which never wait for
   * it), it writes the urgent rows, then due ones one chunk at a time within `STATE_DUTY`, and
   * stops when none is left for now (the flush timer starts it again).
   */
  writeDue(): void {
    if (this.writer || (!this.urgent.size && !this.dirty.size)) return;
    this.writer = (async () => {
      for (;;) {
        const urgent = this.takeUrgent(STATE_CHUNK);
        if (urgent.length) {
          await this.writeNow(urgent);
          continue;
        }
        if (Date.now() < this.bulkNotBefore) return;
        const due = this.takeDue(STATE_CHUNK);
        if (!due.length) return;
        const started = performance.now();
        await this.writeNow(due);
        this.bulkNotBefore = Date.now() + (performance.now() - started) * (1 / STATE_DUTY - 1);
      }
    })().finally(() => {
      this.writer = null;
    });
  }

  /** The express lane's rows: written after the state writes already queued, then pushed live. */
  writeExpress(devices: readonly LiveDevice[]): Promise<void> {
    for (const d of devices) d.express = false;
    return this.locked(() => this.write(devices));
  }

  /** Writes every row queued (the bulk writer's first), and waits for the writes in progress. */
  async drain(): Promise<void> {
    while (this.writer) await this.writer;
    await this.writeNow([
      ...this.takeUrgent(Number.POSITIVE_INFINITY),
      ...this.takeDue(Number.POSITIVE_INFINITY, true),
    ]);
    await this.lock;
  }

  /** A fault flag reported by an event, written on the device's row with the next flush. */
  fault(op: FaultOp): void {
    this.faultOps.push(op);
  }

  /** The fault flags reported since the last call (a flush writes them with `writeFaults`). */
  takeFaults(): FaultOp[] {
    const ops = this.faultOps;
    this.faultOps = [];
    return ops;
  }

  get faultsWaiting(): number {
    return this.faultOps.length;
  }

  /**
   * Writes the fault flags events raised or cleared: one statement per chunk of devices (one per
   * event made a storm of 10,000 faults hold up the ingestion flush for several seconds). Under
   * the lock like the state rows: two statements updating many of the same rows at once could
   * deadlock, and an express write waits for one chunk at most.
   */
  async writeFaults(ops: readonly FaultOp[]): Promise<void> {
    const changes = faultFlagChanges(ops);
    for (let from = 0; from < changes.length; from += STATE_CHUNK) {
      const chunk = changes.slice(from, from + STATE_CHUNK);
      await this.locked(() =>
        this.db.query(
          `update dev_state s
              set faults = (s.faults - v.rm)
                    || coalesce((select jsonb_agg(x.code order by x.n) from unnest(v.add) with ordinality as x(code, n)
                                  where not ((s.faults - v.rm) ? x.code)), '[]'::jsonb),
                  update_time = now()
             from jsonb_to_recordset($1::jsonb) as v(d text, rm text[], add text[])
            where s.device_id = v.d`,
          [JSON.stringify(chunk.map((c) => ({ d: c.deviceId, rm: c.remove, add: c.add })))],
        ),
      );
    }
  }

  /**
   * Writes these devices' rows in chunks, each built within the bulk budget, after the state
   * writes already queued.
   */
  private async writeNow(devices: LiveDevice[]): Promise<void> {
    for (let from = 0; from < devices.length; from += STATE_CHUNK) {
      const chunk = devices.slice(from, from + STATE_CHUNK);
      // The turn is awaited outside the lock: express state writes must not wait for it.
      await this.turns.room();
      await this.locked(() => this.write(chunk, false)).catch((error: Error) => {
        this.stats.flushErrors++;
        this.log.error({ err: error }, 'device state write failed');
      });
    }
  }

  /** Up to `max` devices whose row must be written at once. */
  private takeUrgent(max: number): LiveDevice[] {
    const out: LiveDevice[] = [];
    for (const d of this.urgent) {
      if (out.length >= max) break;
      out.push(d);
      this.urgent.delete(d);
      d.queued = 'none';
    }
    return out;
  }

  /**
   * Up to `max` dirty devices whose last write is `stateWriteMs` old (all of them when `all`).
   * The dirty set is in about the order of the devices' last writes: the scan stops after `max`
   * devices not yet due, as those behind them were written later still.
   */
  private takeDue(max: number, all = false): LiveDevice[] {
    const out: LiveDevice[] = [];
    const writtenBefore = Date.now() - this.stateWriteMs;
    let notDue = 0;
    for (const d of this.dirty) {
      if (out.length >= max) break;
      if (all || d.writtenAt <= writtenBefore) {
        out.push(d);
        this.dirty.delete(d);
        d.queued = 'none';
      } else if (++notDue >= max) break;
    }
    return out;
  }

  /** Runs `write` after the dev_state writes already queued. */
  private locked<T>(write: () => Promise<T>): Promise<T> {
    const run = this.lock.then(write, write);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Writes the devices' rows (their state when called) and, with `push`, pushes them live. */
  private async write(devices: readonly LiveDevice[], push = true) {
    const now = Date.now();
    const rows = devices.map((d) => d.takeRow(now));
    try {
      // One JSON document for the whole batch: one native stringify here, one parse in the database.
      await this.db.query(
        `update dev_state s set vals = s.vals || v.v, last_seen = greatest(s.last_seen, ${epochMsToTimestamptz('v.t')}),
           online = coalesce(v.o, s.online), faults = coalesce(v.f, s.faults), update_time = now()
           from jsonb_to_recordset($1::jsonb) as v(d text, t bigint, o boolean, v jsonb, f jsonb)
          where s.device_id = v.d`,
        [JSON.stringify(rows)],
      );
    } catch (error) {
      // Not written: the next flush tries again with what was pending.
      devices.forEach((d, i) => {
        d.writtenAt = 0;
        if (rows[i]!.o !== null) d.onlinePending = true;
        if (rows[i]!.f !== null) d.faultsPending = true;
        if (d.queued === 'dirty') this.dirty.delete(d);
        this.urgent.add(d);
        d.queued = 'urgent';
      });
      throw error;
    }
    if (push) this.events.onDevicesChanged(devices);
  }
}
