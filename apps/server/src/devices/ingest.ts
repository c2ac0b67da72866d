import { createHistogram } from 'node:perf_hooks';
import {
  ackSchema,
  type ChildKind,
  eventSchema,
  heartbeatSchema,
  helloSchema,
  type LampReading,
  parseUpTopic,
  readingSchemas,
  type SensorReading,
  statusSchema,
  telemetrySchema,
} from '@ics/contract/server';
import type { Database } from '../db/database';
import { BulkTurns } from './bulk-turns';
import { DeviceConditionEvents } from './device-events';
import type { DeviceRef, GatewayDirectory, GatewayInfo } from './directory';
import { fastLamp, fastSensor, fastTelemetry } from './fast-check';
import { type HeardAck, HeardAcks } from './heard-acks';
import { LiveDevice } from './live-device';
import type { LiveEvents } from './live-events';
import type { RawMessageLog } from './raw-log';
import { epochMsToTimestamptz, LampColumns, SensorColumns } from './reading-columns';
import { RollupBuckets, type RollupProgress } from './rollup-buckets';
import type { TelemetryStore } from './telemetry-store';
import { WriteLane } from './write-lane';

export type IngestLogger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type IngestStats = {
  messages: number;
  /** Readings accepted, and of those, written to the history tables. */
  readings: number;
  stored: number;
  invalid: number;
  /** Invalid messages by reason. */
  invalidBy: Record<string, number>;
  flushes: number;
  flushErrors: number;
  lastFlushMs: number;
  /** Time spent in flushes, and of it writing the readings (diagnostics: where a backlog comes from). */
  flushMs: number;
  historyMs: number;
  /** Readings dropped past `MAX_BUFFERED` (only when the bus cannot hold senders back). */
  dropped: number;
  /** Messages whose sender the bus held back until the backlog shrank (backpressure). */
  heldBack: number;
};

export type CommandOutcome = {
  id: string;
  projectId: string;
  status: string;
};

/** Devices whose readings take the express lane: some of a gateway's, or all of them. */
type ExpressDevices = ReadonlySet<string> | 'all';

const DAY_MS = 86_400_000;
const LOG_EVERY_MS = 60_000;
/**
 * Backpressure: while this many readings are buffered or being written, each message handled
 * holds its sender back (the bus reads nothing more from that gateway; its messages wait in
 * TCP buffers and on the gateway) until flushes bring the backlog under half of it. Load never
 * drops readings; it slows the senders down.
 */
const HIGH_WATER = 100_000;
/**
 * Last resort: above this many buffered readings new ones are dropped (and counted). Held-back
 * senders still deliver what the broker had already read from them (about one socket read per
 * gateway, several messages), so the backlog overshoots the high-water mark; measured with
 * 1,000 gateways: up to ~1 M readings with a 200,000 mark.
 */
const MAX_BUFFERED = 2_000_000;
/** Readings added to the rollup sums between two looks at the bulk budget (bulk-turns.ts). */
const ROLLUP_SLICE = 1_000;
const TELEMETRY_SUFFIX = '/up/telemetry';
/** Held-back gateways let go per turn of the event loop once there is room. */
const RELEASE_PER_TURN = 25;
/**
 * After an ack, a gateway's telemetry takes the express lane this long (the state the command
 * changed): handled at once, never held back, its devices' rows written within milliseconds.
 */
const EXPRESS_MS = 2_000;
/** Latest-state rows per statement: an express write waits for one such statement at most. */
const STATE_CHUNK = 1_000;
/** Changed devices listed for pushes and state rows between two looks at the bulk budget. */
const CHANGED_SLICE = 1_000;
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
 * Device uplink ingestion: topic router, payload validation, and buffered writes. Messages are
 * handled synchronously into column buffers; a flush every `flushMs` (or when `batchSize`
 * readings are waiting) writes telemetry with one statement per table, coalesces latest state
 * per device into one update, and records gateways seen, acks and events, each in one
 * statement. An invalid message is counted, logged at most once a minute per gateway, and
 * dropped; it never reaches the database.
 */
export class Ingestor {
  /** Milliseconds from an ack's arrival to its row written (diagnostics for the bench). */
  readonly ackWriteMs = createHistogram();
  /** Milliseconds from a reading in the express lane to its device's state row written (diagnostics). */
  readonly expressStateMs = createHistogram();
  readonly stats: IngestStats = {
    messages: 0,
    readings: 0,
    stored: 0,
    invalid: 0,
    invalidBy: {},
    flushes: 0,
    flushErrors: 0,
    lastFlushMs: 0,
    flushMs: 0,
    historyMs: 0,
    dropped: 0,
    heldBack: 0,
  };
  private lamps = new LampColumns();
  private sensors = new SensorColumns();
  /** Column buffers written and emptied, reused by the next flushes. */
  private readonly spareLamps: LampColumns[] = [];
  private readonly spareSensors: SensorColumns[] = [];
  /** The latest state of every device this node heard from, updated in place. */
  private readonly devices = new Map<string, LiveDevice>();
  /** Devices changed since the last flush (pushed live at the flush), and the flush's number. */
  private changed: LiveDevice[] = [];
  private flushSeq = 0;
  /**
   * Bulk lane: devices whose dev_state row is behind their state. A row is written at once when
   * a value that matters changed (on, level, online, faults: `urgent`), else when its last write
   * is `stateWriteMs` old (`dirty`, in about the order of their last write, so that the due ones
   * are at its front). Live pushes come from memory at every flush, whatever the rows hold.
   */
  private readonly urgent = new Set<LiveDevice>();
  private readonly dirty = new Set<LiveDevice>();
  /** The state writer runs (one chunk after another, beside the flushes of readings). */
  private stateWriter: Promise<void> | null = null;
  /** The bulk lane's next chunk waits until then (see `STATE_DUTY`). */
  private bulkNotBefore = 0;
  /** Hourly rollup sums of the readings stored since the last rollup run. */
  private buckets = new RollupBuckets();
  private seen = new Map<string, number>();
  /**
   * When this node last wrote each gateway's last_seen: a gateway reporting every second is
   * written at most every `seenWriteMs` (1,000 gateway rows per flush were a third of its time).
   */
  private readonly seenWritten = new Map<string, number>();
  private offlineNow = new Set<string>();
  private faultOps: Array<{ deviceId: string; code: string; active: boolean }> = [];
  private readonly lastLogged = new Map<string, number>();
  /** Offline lists and fault flags → per-device events (device-events.ts). */
  private readonly conditions: DeviceConditionEvents;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Readings of the flush in progress (the backlog is these plus the buffered ones). */
  private writing = 0;
  /** Telemetry waiting for its turn (at most one message per gateway: its sender waits). */
  private readonly queue: Array<{ topic: string; payload: Buffer; done: () => void }> = [];
  private queueHead = 0;
  private queueScheduled = false;
  /** Gateways whose hello announced new devices, until they are registered (see `route`). */
  private readonly registering = new Map<string, Promise<void>>();
  /** Senders held back wait on this until the backlog is under half of `HIGH_WATER`. */
  private readonly held = new Map<string, Array<() => void>>();
  /** Held senders are being let go, a few per turn. */
  private releasing = false;
  private stopped = false;
  /**
   * The express lane: acks, and the state of the devices a command just acked addresses, are
   * written within milliseconds instead of with the next bulk flush, so that a command's
   * outcome and its effect are visible at once while bulk telemetry keeps flowing. Keyed by
   * gateway serial number: until when its messages are prompt, and whose state takes the lane
   * ('all' its devices when the command was sent by another node).
   */
  private readonly express = new Map<string, { until: number; devices: ExpressDevices }>();
  private expressScheduled = false;
  /** Acks received and not yet written, or written moments ago (the command API answers them). */
  readonly heardAcks = new HeardAcks();
  private readonly ackLane = new WriteLane<HeardAck>(
    (acks) => this.writeAcks(acks).finally(() => this.heardAcks.written(acks)),
    (error) => this.expressFailed(error),
  );
  private readonly stateLane = new WriteLane<LiveDevice>(
    (devices) => {
      for (const d of devices) d.express = false;
      return this.locked(() => this.writeStates(devices)).then(() => {
        const written = performance.now();
        for (const d of devices)
          this.expressStateMs.record(Math.max(1, Math.round(written - d.expressSince)));
      });
    },
    (error) => this.expressFailed(error),
  );
  /** Serialises writes to dev_state and dev_command between the bulk and the express lane. */
  private stateLock: Promise<unknown> = Promise.resolve();
  /** Bulk work (queued telemetry, changed devices, rollup sums, state rows) runs within its budget. */
  private readonly turns: BulkTurns;

  constructor(
    private readonly db: Database,
    private readonly directory: GatewayDirectory,
    private readonly store: TelemetryStore,
    private readonly live: LiveEvents,
    private readonly rawLog: RawMessageLog,
    private readonly hooks: {
      log: IngestLogger;
      /** Commands whose outcome was just recorded. */
      onCommandOutcomes(outcomes: CommandOutcome[]): void;
      /** Whether commands sent to this gateway await acks (it is then never held back). */
      awaitingAck?(gatewaySn: string): boolean;
      /** The devices a command sent from this node addresses (undefined: not followed here). */
      commandDevices?(commandId: string): readonly string[] | undefined;
      /** Devices whose state changed (pushed to consoles from memory). */
      onDevicesChanged(devices: readonly LiveDevice[], from?: number, to?: number): void;
      /** Gateways whose online state changed (events are written by the ingestor). */
      onStateChanges(
        changes: Array<{ projectId: string; gatewayId: string; deviceId: string | null; patch: object }>,
      ): void;
    },
    private readonly options: {
      flushMs: number;
      batchSize: number;
      retentionDays: number;
      /** Bulk lane: a device's dev_state row is rewritten at most this often unless on/level/online/faults changed. */
      stateWriteMs?: number;
      /** Backlog (readings) at which senders are held back; `HIGH_WATER` by default. */
      highWater?: number;
      /** A gateway's last_seen is rewritten at most this often while it keeps reporting (5 s by default). */
      seenWriteMs?: number;
      /** The event loop's budget of bulk work, shared with the telemetry store's COPY. */
      turns?: BulkTurns;
    },
  ) {
    this.conditions = new DeviceConditionEvents(db, live);
    this.turns = options.turns ?? new BulkTurns();
  }

  /** The latest state of a device as this node heard it (undefined: not heard from here). */
  liveState(deviceId: string): LiveDevice | undefined {
    return this.devices.get(deviceId);
  }

  /** Takes the hourly rollup sums gathered since the last call (the rollup job upserts them). */
  takeRollupBuckets(): RollupBuckets {
    const b = this.buckets;
    this.buckets = new RollupBuckets();
    return b;
  }

  /**
   * Gives back rollup sums a failed run did not write, `done` being those it wrote (merged into
   * the sums gathered meanwhile).
   */
  returnRollupBuckets(b: RollupBuckets, done?: RollupProgress): void {
    b.mergeInto(this.buckets, done);
  }

  /**
   * Forgets what this node wrote for the devices of gateways marked offline elsewhere (the
   * offline monitor), so that their next reading writes online = true at once.
   */
  forgetGateways(gatewayIds: readonly string[]): void {
    if (gatewayIds.length === 0) return;
    const ids = new Set(gatewayIds);
    for (const id of ids) this.seenWritten.delete(id);
    for (const d of this.devices.values()) if (ids.has(d.gatewayId)) d.writtenAt = 0;
  }

  start(): void {
    this.timer = setInterval(() => {
      void this.flush();
      this.writeStatesDue();
      this.heardAcks.prune();
    }, this.options.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.releaseRoom(true);
    // A flush in progress leaves what arrived meanwhile to the next one: wait for it, then write the rest.
    await this.drain();
  }

  /**
   * Entry point for every uplink message. Never throws. Answers a promise while the message
   * waits for its turn (telemetry, below), for its gateway to be looked up, or when the backlog
   * is at the high-water mark: the bus then reads nothing more from that sender until it
   * settles (so a gateway's messages are also handled in the order it sent them).
   *
   * Telemetry (nearly every message, 100 readings each) is queued and handled within the bulk
   * budget of the event loop's turns (bulk-turns.ts), so that acks, commands and HTTP requests
   * arriving meanwhile are served between two slices instead of after a whole burst of input.
   * A gateway awaiting acks, or that just acked one, skips the queue (`prompt`).
   */
  handle(topic: string, payload: Buffer): Promise<void> | undefined {
    if (!this.stopped && topic.endsWith(TELEMETRY_SUFFIX)) {
      const sn = parseUpTopic(topic)?.sn ?? '';
      if (!this.prompt(sn))
        return new Promise<void>((done) => {
          this.queue.push({ topic, payload, done });
          if (!this.queueScheduled) {
            this.queueScheduled = true;
            void this.turns.next().then(this.handleQueued);
          }
        });
    }
    return this.handleNow(topic, payload);
  }

  private handleNow(topic: string, payload: Buffer): Promise<void> | undefined {
    const lookup = this.accept(topic, payload);
    return lookup ? lookup.then(() => this.roomAfter(topic)) : this.roomAfter(topic);
  }

  /** Handles queued telemetry (one message at least) until the turn's bulk budget is spent. */
  private readonly handleQueued = (): void => {
    let i = this.queueHead;
    do {
      const { topic, payload, done } = this.queue[i]!;
      this.queue[i++] = undefined as never;
      const wait = this.handleNow(topic, payload);
      if (wait) wait.then(done, done);
      else done();
    } while (i < this.queue.length && !this.turns.spent);
    if (i < this.queue.length) {
      this.queueHead = i;
      void this.turns.next().then(this.handleQueued);
    } else {
      this.queue.length = 0;
      this.queueHead = 0;
      this.queueScheduled = false;
    }
  };

  /**
   * Undefined while the backlog is under the high-water mark, or when commands sent to the
   * sender await its acks (they come on the same connection, behind its telemetry: holding
   * it back would time them out) or it just acked one; else a promise of room.
   */
  private roomAfter(topic: string): Promise<void> | undefined {
    if (this.backlog < this.highWater || this.stopped) return undefined;
    const sn = parseUpTopic(topic)?.sn ?? '';
    if (this.prompt(sn)) return undefined;
    this.stats.heldBack++;
    return new Promise<void>((resolve) => {
      const waiting = this.held.get(sn);
      if (waiting) waiting.push(resolve);
      else this.held.set(sn, [resolve]);
    });
  }

  /**
   * Whether a gateway's messages go ahead of the queue and are never held back: commands sent to
   * it await acks, or it just acked one (the telemetry that follows carries the command's effect).
   */
  private prompt(sn: string): boolean {
    if (this.hooks.awaitingAck?.(sn)) return true;
    return (this.express.get(sn)?.until ?? 0) > Date.now();
  }

  /**
   * For `EXPRESS_MS` after an ack, the gateway is prompt and the devices of the command take the
   * express lane (the telemetry that follows carries their new state); every device of the
   * gateway when the command is not followed by this node.
   */
  private expressAfterAck(sn: string, now: number, commanded: readonly string[] | undefined): void {
    if (this.express.size > 10_000) this.express.clear();
    const current = this.expressDevices(sn, now);
    const devices: ExpressDevices =
      commanded === undefined || current === 'all' ? 'all' : new Set([...(current ?? []), ...commanded]);
    this.express.set(sn, { until: now + EXPRESS_MS, devices });
  }

  /** The devices of this gateway whose readings take the express lane now (null: none). */
  private expressDevices(sn: string, now: number): ExpressDevices | null {
    const e = this.express.get(sn);
    return e && e.until > now ? e.devices : null;
  }

  /** Lets a held-back gateway go on at once: a command was just sent to it. */
  releaseSender(gatewaySn: string): void {
    const waiting = this.held.get(gatewaySn);
    if (!waiting) return;
    this.held.delete(gatewaySn);
    for (const resolve of waiting) resolve();
  }

  /** Readings received and not yet stored: buffered or being written. */
  get backlog(): number {
    return this.lamps.size + this.sensors.size + this.writing;
  }

  private get highWater(): number {
    return this.options.highWater ?? HIGH_WATER;
  }

  /** Lets held-back senders go on once the backlog is under half of the high-water mark (or at once). */
  private releaseRoom(now = false): void {
    if (this.held.size === 0 || (!now && this.backlog >= this.highWater / 2)) return;
    if (now) {
      const waiting = [...this.held.values()];
      this.held.clear();
      for (const list of waiting) for (const resolve of list) resolve();
      return;
    }
    if (this.releasing) return;
    this.releasing = true;
    // A few gateways per turn of the event loop: each one let go delivers the messages it
    // queued meanwhile, and all of them at once kept acks and HTTP requests waiting.
    const step = () => {
      let n = 0;
      for (const [sn, list] of this.held) {
        this.held.delete(sn);
        for (const resolve of list) resolve();
        if (++n >= RELEASE_PER_TURN) break;
      }
      if (this.held.size && this.backlog < this.highWater && !this.stopped) setImmediate(step);
      else this.releasing = false;
    };
    step();
  }

  /** Handles one message; answers the pending lookup when its gateway is not cached yet. */
  private accept(topic: string, payload: Buffer): Promise<void> | undefined {
    this.stats.messages++;
    const route = parseUpTopic(topic);
    if (!route) {
      this.invalid('?', 'topic', topic);
      return undefined;
    }
    const registering = this.registering.get(route.sn);
    const gateway = registering ? undefined : this.directory.peek(route.sn);
    if (gateway === undefined) {
      return (registering ?? Promise.resolve())
        .then(() => this.directory.get(route.sn))
        .then((gw) => this.dispatch(gw, route.sn, route.kind, topic, payload))
        .catch((error: Error) => this.hooks.log.error({ err: error, sn: route.sn }, 'gateway lookup failed'));
    }
    this.dispatch(gateway, route.sn, route.kind, topic, payload);
    return undefined;
  }

  /** Marks a gateway offline at once (its MQTT session closed, or its will arrived). */
  gatewayGone(gatewayId: string): void {
    this.offlineNow.add(gatewayId);
    this.seen.delete(gatewayId);
    this.seenWritten.delete(gatewayId);
  }

  private dispatch(gw: GatewayInfo | null, sn: string, kind: string, topic: string, payload: Buffer) {
    if (!gw) {
      this.invalid(sn, 'unknown_gateway', topic);
      return;
    }
    const text = payload.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.rawLog.record(gw.id, gw.projectId, 'up', topic, text, 'not JSON');
      this.invalid(sn, 'json', topic);
      return;
    }
    const error = this.route(gw, kind, body);
    this.rawLog.record(gw.id, gw.projectId, 'up', topic, text, error ?? undefined);
    if (error) this.invalid(sn, `${kind}`, `${topic}: ${error}`);
  }

  /** Handles one parsed message; answers a problem description when (part of) it was dropped. */
  private route(gw: GatewayInfo, kind: string, body: unknown): string | null {
    const now = Date.now();
    switch (kind) {
      case 'hello': {
        const parsed = helloSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        this.touch(gw.id, now);
        const registered = this.register(gw, parsed.data).catch((err: Error) =>
          this.hooks.log.error({ err, sn: gw.sn }, 'hello: registering devices failed'),
        );
        // The gateway's next messages wait for its new devices: readings sent right after a hello
        // would otherwise meet the directory entry of before and be dropped as unknown.
        if (parsed.data.devices.some((d) => !gw.devices.has(d.dev))) {
          const done = registered.finally(() => {
            if (this.registering.get(gw.sn) === done) this.registering.delete(gw.sn);
          });
          this.registering.set(gw.sn, done);
        }
        return null;
      }
      case 'heartbeat': {
        const parsed = heartbeatSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        this.touch(gw.id, now);
        const offline = new Set(parsed.data.offline ?? []);
        // Devices the gateway cannot reach are offline; the others answer through it.
        for (const [address, ref] of gw.devices) {
          const d = this.device(gw, ref, now);
          d.online = !offline.has(address);
          d.onlinePending = true;
        }
        this.conditions.heartbeat(gw, parsed.data.offline ?? [], parsed.data.ts, now);
        return null;
      }
      case 'telemetry': {
        let telemetry = fastTelemetry(body);
        if (!telemetry) {
          const parsed = telemetrySchema.safeParse(body);
          if (!parsed.success) return describe(parsed.error);
          telemetry = parsed.data;
        }
        this.touch(gw.id, now);
        const express = this.expressDevices(gw.sn, now);
        let problems = 0;
        let first: string | null = null;
        for (const raw of telemetry.readings) {
          const problem = this.reading(gw, raw, telemetry.ts, now, express);
          if (problem) {
            problems++;
            first ??= problem;
          }
        }
        if (problems) this.stats.invalid += problems - 1; // the message itself counts once in invalid()
        if (express) this.scheduleExpress();
        return first ? `${problems} reading(s) dropped: ${first}` : null;
      }
      case 'event': {
        const parsed = eventSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        this.touch(gw.id, now);
        for (const e of parsed.data.events) {
          const ref = e.dev && e.dev !== gw.sn ? gw.devices.get(e.dev) : undefined;
          if (e.dev && e.dev !== gw.sn && !ref) return `unknown device ${e.dev}`;
          const ts = clampTs(e.ts ?? parsed.data.ts, now) ?? now;
          this.conditions.reported(gw, ref?.id ?? null, e.code, e.active, ts, e.message ?? null);
          if (ref) this.faultOps.push({ deviceId: ref.id, code: e.code, active: e.active });
        }
        return null;
      }
      case 'ack': {
        const parsed = ackSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        this.touch(gw.id, now);
        const a = parsed.data;
        const heard: HeardAck = {
          id: a.id,
          gatewayId: gw.id,
          status: a.status === 'ok' ? 'acked' : 'failed',
          reason: a.reason ?? null,
          result: a.result ?? null,
          ts: now,
          ...(a.devices
            ? {
                devices: a.devices.map((d) => ({
                  dev: d.dev,
                  status: d.status === 'ok' ? ('acked' as const) : ('failed' as const),
                  reason: d.reason ?? null,
                  result: d.result ?? null,
                })),
              }
            : {}),
        };
        this.heardAcks.add(heard);
        this.ackLane.add(heard);
        this.expressAfterAck(gw.sn, now, this.hooks.commandDevices?.(a.id));
        this.scheduleExpress();
        return null;
      }
      case 'status': {
        const parsed = statusSchema.safeParse(body);
        if (!parsed.success) return describe(parsed.error);
        if (parsed.data.online) this.touch(gw.id, now);
        else this.gatewayGone(gw.id);
        return null;
      }
      default:
        return 'unknown topic';
    }
  }

  private reading(
    gw: GatewayInfo,
    raw: Record<string, unknown>,
    messageTs: number,
    now: number,
    express: ExpressDevices | null = null,
  ): string | null {
    const address = typeof raw.dev === 'string' ? raw.dev : undefined;
    const ref = address ? gw.devices.get(address) : undefined;
    if (!ref) return `unknown device ${String(address)}`;
    // Lamps and sensors (nearly all readings) take the precompiled check; zod decides the rest.
    let data: Record<string, unknown> | null =
      ref.kind === 'lamp' ? fastLamp(raw) : ref.kind === 'sensor' ? fastSensor(raw) : null;
    if (!data) {
      const parsed = readingSchemas[ref.kind].safeParse(raw);
      if (!parsed.success) return `${address}: ${describe(parsed.error)}`;
      data = parsed.data as Record<string, unknown>;
    }
    const ts = clampTs((data.ts as number | undefined) ?? messageTs, now, this.options.retentionDays);
    if (ts === null) return `${address}: ts out of range`;
    if (this.lamps.size + this.sensors.size >= MAX_BUFFERED) {
      this.stats.dropped++;
      return null;
    }
    this.stats.readings++;
    const d = this.device(gw, ref, ts);
    d.online = true;
    d.onlinePending = true;
    // A reading older than the one the state holds is history, not state: a gateway's messages
    // can be handled out of order (one waiting for its turn while the broker reads the next ones
    // of its connection, a command's ack and report among them), and merging it would take the
    // state back to before the command until the next report.
    const newest = d.takeReadingTime(ts);
    if (ref.kind === 'lamp') {
      const r = data as LampReading;
      this.lamps.add(ts, ref.id, gw.projectId, r, d.index);
      if (newest) d.merge(data, true);
      if (r.faults) {
        if (newest) d.reportFaults(r.faults);
        // Fault events keep their own order per device (device-events.ts, several nodes).
        this.conditions.faults(gw, ref.id, r.faults, ts);
      }
    } else {
      if (ref.kind === 'sensor') this.sensors.add(ts, ref.id, gw.projectId, data as SensorReading, d.index);
      if (newest) d.merge(data, false);
    }
    if (express && !d.express && (express === 'all' || express.has(ref.id))) {
      d.express = true;
      d.expressSince = performance.now();
      this.stateLane.add(d);
    }
    if (this.lamps.size + this.sensors.size >= this.options.batchSize) void this.flush();
    return null;
  }

  /** The device's live state, listed as changed in this flush; `ts` its latest time. */
  private device(gw: GatewayInfo, ref: DeviceRef, ts: number): LiveDevice {
    let d = ref.live;
    if (!d) {
      // First message since the gateway's entry was loaded: the device's record, or a new one.
      d = this.devices.get(ref.id);
      if (!d) {
        d = new LiveDevice(ref.id, gw.projectId, gw.id, ref.stored, this.devices.size);
        this.devices.set(ref.id, d);
      } else {
        d.gatewayId = gw.id;
        d.projectId = gw.projectId;
      }
      ref.stored = undefined;
      ref.live = d;
    }
    if (ts > d.ts) d.ts = ts;
    if (d.changedIn !== this.flushSeq) {
      d.changedIn = this.flushSeq;
      this.changed.push(d);
    }
    return d;
  }

  private touch(gatewayId: string, now: number) {
    this.offlineNow.delete(gatewayId);
    const written = this.seenWritten.get(gatewayId);
    if (written === undefined || now - written >= (this.options.seenWriteMs ?? 5_000))
      this.seen.set(gatewayId, now);
  }

  private async register(gw: GatewayInfo, hello: ReturnType<typeof helloSchema.parse>) {
    await this.db.query(
      `update dev_gateway set model = coalesce($2, model), firmware = coalesce($3, firmware),
         heartbeat_seconds = coalesce($4, heartbeat_seconds), schedule_version = coalesce($5, schedule_version),
         features = coalesce($6::text[], '{}')
       where id = $1`,
      [
        gw.id,
        hello.model ?? null,
        hello.firmware ?? null,
        hello.heartbeat ?? null,
        hello.scheduleVersion ?? null,
        hello.features ?? [],
      ],
    );
    const fresh = hello.devices.filter((d) => !gw.devices.has(d.dev));
    if (fresh.length === 0) return;
    await registerDevices(this.db, gw, fresh);
    this.directory.invalidate(gw.sn);
  }

  private invalid(sn: string, reason: string, detail: string) {
    this.stats.invalid++;
    this.stats.invalidBy[reason] = (this.stats.invalidBy[reason] ?? 0) + 1;
    const now = Date.now();
    if ((this.lastLogged.get(sn) ?? 0) + LOG_EVERY_MS > now) return;
    if (this.lastLogged.size > 50_000) this.lastLogged.clear();
    this.lastLogged.set(sn, now);
    this.hooks.log.warn({ sn, reason, detail: detail.slice(0, 300) }, 'device message dropped');
  }

  /** Writes everything buffered. Concurrent calls share one flush and schedule one more. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.doFlush()
      .catch((error: Error) => {
        this.stats.flushErrors++;
        this.hooks.log.error({ err: error }, 'device ingestion flush failed');
      })
      .finally(() => {
        this.flushing = null;
        this.writing = 0;
        this.releaseRoom();
        if (this.flushAgain && !this.stopped) {
          this.flushAgain = false;
          void this.flush();
        }
      });
    return this.flushing;
  }

  /** Waits until everything received so far is written. */
  async drain(): Promise<void> {
    // Queued telemetry first (its slices run on their own; a stopped node queues nothing new).
    while (this.queueScheduled) await new Promise((resolve) => setImmediate(resolve));
    while (this.flushing) await this.flushing;
    await this.flush();
    await this.expressDrain();
    while (this.stateWriter) await this.stateWriter;
    await this.writeStatesNow([
      ...this.takeUrgent(Number.POSITIVE_INFINITY),
      ...this.takeDue(Number.POSITIVE_INFINITY, true),
    ]);
    await this.stateLock;
  }

  private async doFlush(): Promise<void> {
    const lamps = this.lamps;
    const sensors = this.sensors;
    const changed = this.changed;
    const seen = this.seen;
    const offline = this.offlineNow;
    const faultOps = this.faultOps;
    if (!lamps.size && !sensors.size && !changed.length && !seen.size && !offline.size && !faultOps.length)
      return;
    this.lamps = this.spareLamps.pop() ?? new LampColumns();
    this.sensors = this.spareSensors.pop() ?? new SensorColumns();
    this.changed = [];
    this.flushSeq++;
    this.seen = new Map();
    this.offlineNow = new Set();
    this.faultOps = [];
    const started = Date.now();

    // History is written while the rest of the flush goes on (PostgreSQL: COPY on the bulk
    // connection, the rest on the main pool; PGlite: their statements interleave).
    this.writing = lamps.size + sensors.size;
    const history = this.writeHistory(lamps, sensors);
    history.catch(() => undefined); // awaited below, after the rest
    if (seen.size) await this.markSeen(seen);
    if (offline.size)
      this.forgetGateways(
        await markGatewaysOffline(this.db, [...offline], this.live, this.hooks.onStateChanges),
      );
    // Live pushes from memory at once; the rows follow (see `dirty`). In slices: 100,000 devices
    // listed at once held the event loop for 50–150 ms.
    for (let from = 0; from < changed.length; from += CHANGED_SLICE) {
      await this.turns.room();
      const to = Math.min(changed.length, from + CHANGED_SLICE);
      this.hooks.onDevicesChanged(changed, from, to);
      for (let i = from; i < to; i++) this.queueState(changed[i]!);
    }
    if (changed.length) this.writeStatesDue();
    await this.conditions.flush();
    for (const op of faultOps) {
      await this.db.query(
        op.active
          ? `update dev_state set faults = case when faults ? $2 then faults else faults || to_jsonb($2::text) end,
               update_time = now() where device_id = $1`
          : `update dev_state set faults = faults - $2::text, update_time = now() where device_id = $1`,
        [op.deviceId, op.code],
      );
    }
    await history;
    this.stats.flushes++;
    this.stats.lastFlushMs = Date.now() - started;
    this.stats.flushMs += this.stats.lastFlushMs;
  }

  /** Stores the readings of a flush and adds them to the hourly rollup sums once stored. */
  private async writeHistory(lamps: LampColumns, sensors: SensorColumns): Promise<void> {
    const started = Date.now();
    try {
      await this.store.insertLamps(lamps);
      this.stats.stored += lamps.size;
      // In slices: a flush of 20,000+ readings summed at once held the event loop for tens of ms.
      for (let from = 0; from < lamps.size; from += ROLLUP_SLICE) {
        await this.turns.room();
        this.buckets.addLamps(lamps, from, Math.min(lamps.size, from + ROLLUP_SLICE));
      }
      await this.store.insertSensors(sensors);
      this.stats.stored += sensors.size;
      this.buckets.addSensors(sensors);
    } finally {
      this.stats.historyMs += Date.now() - started;
      lamps.reset();
      sensors.reset();
      this.spareLamps.push(lamps);
      this.spareSensors.push(sensors);
    }
  }

  /**
   * Starts the state writer unless it runs: beside the flushes of readings (which never wait for
   * it), it writes the urgent rows, then due ones one chunk at a time within `STATE_DUTY`, and
   * stops when none is left for now (the flush timer starts it again).
   */
  private writeStatesDue(): void {
    if (this.stateWriter || (!this.urgent.size && !this.dirty.size)) return;
    this.stateWriter = (async () => {
      for (;;) {
        const urgent = this.takeUrgent(STATE_CHUNK);
        if (urgent.length) {
          await this.writeStatesNow(urgent);
          continue;
        }
        if (Date.now() < this.bulkNotBefore) return;
        const due = this.takeDue(STATE_CHUNK);
        if (!due.length) return;
        const started = performance.now();
        await this.writeStatesNow(due);
        this.bulkNotBefore = Date.now() + (performance.now() - started) * (1 / STATE_DUTY - 1);
      }
    })().finally(() => {
      this.stateWriter = null;
    });
  }

  /**
   * Writes these devices' rows in chunks, each built within the bulk budget, after the state
   * writes already queued.
   */
  private async writeStatesNow(devices: LiveDevice[]): Promise<void> {
    for (let from = 0; from < devices.length; from += STATE_CHUNK) {
      const chunk = devices.slice(from, from + STATE_CHUNK);
      // The turn is awaited outside the lock: express state writes must not wait for it.
      await this.turns.room();
      await this.locked(() => this.writeStates(chunk, false)).catch((error: Error) => {
        this.stats.flushErrors++;
        this.hooks.log.error({ err: error }, 'device state write failed');
      });
    }
  }

  /** Queues a changed device's row: urgent when a value that matters changed, else dirty. */
  private queueState(d: LiveDevice): void {
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
    const writtenBefore = Date.now() - (this.options.stateWriteMs ?? 5_000);
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

  /** Runs `write` after the dev_state / dev_command writes already queued. */
  private locked<T>(write: () => Promise<T>): Promise<T> {
    const run = this.stateLock.then(write, write);
    this.stateLock = run.catch(() => undefined);
    return run;
  }

  /**
   * Writes the express lane once the message in hand is handled (its acks and states go in one
   * statement each), not a turn of the event loop later: under load a turn costs 10–40 ms, and
   * acks arriving meanwhile gather behind the write in flight anyway (`WriteLane`).
   */
  private scheduleExpress(): void {
    if (this.expressScheduled || this.stopped) return;
    this.expressScheduled = true;
    queueMicrotask(() => {
      this.expressScheduled = false;
      void this.expressFlush();
    });
  }

  /**
   * Writes the acks and express states waiting now. They are independent rows written by two
   * lanes side by side (PostgreSQL: two connections), each with one write in flight: an ack
   * never waits for a state row, which may wait for a bulk chunk of state rows before it.
   */
  private expressFlush(): Promise<void> {
    return Promise.all([this.ackLane.flush(), this.stateLane.flush()]).then(() => undefined);
  }

  /** Waits until the express lane has written everything queued for it. */
  private async expressDrain(): Promise<void> {
    while (this.ackLane.busy || this.stateLane.busy) await this.expressFlush();
  }

  private expressFailed(error: Error): void {
    this.stats.flushErrors++;
    this.hooks.log.error({ err: error }, 'device ingestion express write failed');
  }

  private async markSeen(seen: Map<string, number>) {
    const ids = [...seen.keys()];
    const ts = ids.map((id) => new Date(seen.get(id)!).toISOString());
    const rows = await this.db.query<{ id: string; project_id: string; was_online: boolean }>(
      `update dev_gateway g set online = true, last_seen = greatest(g.last_seen, v.ts)
         from unnest($1::text[], $2::timestamptz[]) as v(id, ts), dev_gateway old
        where g.id = v.id and old.id = g.id
        returning g.id, g.project_id, old.online as was_online`,
      [ids, ts],
    );
    const now = Date.now();
    for (const id of ids) this.seenWritten.set(id, now);
    const cameOnline = rows.filter((r) => !r.was_online);
    if (cameOnline.length === 0) return;
    await this.db.query(
      `insert into dev_event (project_id, gateway_id, type, active)
       select * from unnest($1::text[], $2::text[]) as v(project_id, gateway_id), (values ('online', true)) t(type, active)`,
      [cameOnline.map((r) => r.project_id), cameOnline.map((r) => r.id)],
    );
    for (const r of cameOnline) {
      this.live.publish({
        kind: 'device.online',
        projectId: r.project_id,
        payload: { gatewayId: r.id, deviceId: null, online: true, ts: now },
      });
    }
    this.hooks.onStateChanges(
      cameOnline.map((r) => ({
        projectId: r.project_id,
        gatewayId: r.id,
        deviceId: null,
        patch: { online: true },
      })),
    );
  }

  /** Writes the devices' rows (their state when called) and, with `push`, pushes them live. */
  private async writeStates(devices: readonly LiveDevice[], push = true) {
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
    if (push) this.hooks.onDevicesChanged(devices);
  }

  private async writeAcks(acks: HeardAck[]) {
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const set = `status = v.status, reason = v.reason, result = v.result, ack_time = v.ts`;
    // Open rows of the acking gateway's own commands: a gateway cannot settle another's.
    const open = `c.status in ('pending', 'timeout') and c.gateway_id = v.gw`;
    // Single-device commands: the ack's id is the command row's id.
    const rows = await this.db.query<{ id: string; project_id: string; status: string }>(
      `update dev_command c set ${set}
         from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[], $6::text[])
           as v(id, status, reason, result, ts, gw)
        where c.id = v.id and ${open}
        returning c.id, c.project_id, c.status`,
      [
        acks.map((a) => a.id),
        acks.map((a) => a.status),
        acks.map((a) => a.reason),
        acks.map((a) => json(a.result)),
        acks.map((a) => new Date(a.ts).toISOString()),
        acks.map((a) => a.gatewayId),
      ],
    );
    // Multi-device commands: each listed device's own outcome, then the ack's status for the rest.
    const listed = acks.flatMap((a) =>
      (a.devices ?? []).map((d) => ({ ...d, id: a.id, ts: a.ts, gatewayId: a.gatewayId })),
    );
    if (listed.length)
      rows.push(
        ...(await this.db.query<{ id: string; project_id: string; status: string }>(
          `update dev_command c set ${set}
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::text[])
               as v(id, dev, status, reason, result, ts, gw)
            where c.message_id = v.id and c.device_address = v.dev and ${open}
            returning c.id, c.project_id, c.status`,
          [
            listed.map((d) => d.id),
            listed.map((d) => d.dev),
            listed.map((d) => d.status),
            listed.map((d) => d.reason),
            listed.map((d) => json(d.result)),
            listed.map((d) => new Date(d.ts).toISOString()),
            listed.map((d) => d.gatewayId),
          ],
        )),
      );
    const found = new Set(rows.map((r) => r.id));
    const rest = acks.filter((a) => !found.has(a.id));
    if (rest.length)
      rows.push(
        ...(await this.db.query<{ id: string; project_id: string; status: string }>(
          `update dev_command c set status = v.status, reason = v.reason, ack_time = v.ts
             from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])
               as v(id, status, reason, ts, gw)
            where c.message_id = v.id and ${open}
            returning c.id, c.project_id, c.status`,
          [
            rest.map((a) => a.id),
            rest.map((a) => a.status),
            rest.map((a) => a.reason),
            rest.map((a) => new Date(a.ts).toISOString()),
            rest.map((a) => a.gatewayId),
          ],
        )),
      );
    const written = Date.now();
    for (const a of acks) this.ackWriteMs.record(Math.max(1, written - a.ts));
    if (rows.length)
      this.hooks.onCommandOutcomes(
        rows.map((r) => ({ id: r.id, projectId: r.project_id, status: r.status })),
      );
  }
}

/** Accepts a timestamp within the retention window and at most a day ahead (clock skew); null otherwise. */
function clampTs(ts: number, now: number, retentionDays = 3650): number | null {
  if (ts > now + DAY_MS || ts < now - retentionDays * DAY_MS) return null;
  return ts;
}

function describe(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'payload'}: ${issue.message}` : 'invalid';
}

/** Creates devices (and their state rows) behind a gateway; existing addresses are left alone. */
export async function registerDevices(
  db: Database,
  gw: { id: string; projectId: string },
  devices: Array<{
    dev: string;
    kind: ChildKind;
    model?: string | undefined;
    name?: string;
    poleId?: string | null;
  }>,
  createBy = 'gateway',
): Promise<string[]> {
  if (devices.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `insert into dev_device (project_id, gateway_id, kind, address, name, model, pole_id, create_by)
       select $1, $2, v.kind, v.address, v.name, v.model, v.pole_id, $3
         from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as v(kind, address, name, model, pole_id)
       on conflict (gateway_id, address) do nothing
       returning id`,
      [
        gw.projectId,
        gw.id,
        createBy,
        devices.map((d) => d.kind),
        devices.map((d) => d.dev),
        devices.map((d) => d.name ?? d.dev),
        devices.map((d) => d.model ?? null),
        devices.map((d) => d.poleId ?? null),
      ],
    );
    const ids = rows.map((r) => r.id);
    await tx.query(
      `insert into dev_state (device_id, online)
       select d.id, g.online from dev_device d join dev_gateway g on g.id = d.gateway_id where d.id = any($1::text[])
       on conflict do nothing`,
      [ids],
    );
    return ids;
  });
}

/** Marks gateways (and the devices behind them) offline, writing an event per real change. */
export async function markGatewaysOffline(
  db: Database,
  gatewayIds: string[],
  live: LiveEvents,
  onStateChanges: (
    c: Array<{ projectId: string; gatewayId: string; deviceId: string | null; patch: object }>,
  ) => void,
): Promise<string[]> {
  if (gatewayIds.length === 0) return [];
  const rows = await db.query<{ id: string; project_id: string }>(
    `update dev_gateway set online = false where id = any($1::text[]) and online returning id, project_id`,
    [gatewayIds],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.query(
    `update dev_state set online = false, update_time = now()
      where online and device_id in (select id from dev_device where gateway_id = any($1::text[]))`,
    [ids],
  );
  await db.query(
    `insert into dev_event (project_id, gateway_id, type, active)
     select v.project_id, v.gateway_id, 'offline', false from unnest($1::text[], $2::text[]) as v(project_id, gateway_id)`,
    [rows.map((r) => r.project_id), ids],
  );
  const now = Date.now();
  for (const r of rows)
    live.publish({
      kind: 'device.online',
      projectId: r.project_id,
      payload: { gatewayId: r.id, deviceId: null, online: false, ts: now },
    });
  onStateChanges(
    rows.map((r) => ({ projectId: r.project_id, gatewayId: r.id, deviceId: null, patch: { online: false } })),
  );
  return ids;
}
