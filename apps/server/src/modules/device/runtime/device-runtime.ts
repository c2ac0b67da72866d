import { rename, writeFile } from 'node:fs/promises';
import type { Database } from '../../../db/database';
import { type BrokerAccounts, DynsecAccounts, noBrokerAccounts } from '../bus/broker-accounts';
import type { DeviceBus, Uplink } from '../bus/device-bus';
import { BrokerPortError, startEmbeddedBroker } from '../bus/embedded-broker';
import { connectExternalBroker } from '../bus/external-broker';
import { platformAccount } from '../bus/platform-account';
import { CommandRepository } from '../commands/command.repository';
import { CommandService } from '../commands/command.service';
import { followHeldSchedules } from '../commands/held-schedules';
import { NodeLeaseRepository } from '../commands/node-lease.repository';
import { GatewayDirectory } from '../directory/gateway-directory';
import { GatewayRepository } from '../gateway.repository';
import { BulkTurns } from '../ingest/bulk-turns';
import type { IngestLogger, StateChange } from '../ingest/ingest-events';
import { IngestPipeline } from '../ingest/ingest-pipeline';
import type { LiveDevice } from '../ingest/live-device';
import { OfflineMarking } from '../ingest/offline-marking';
import type { LiveEvents } from '../live/live-events';
import { RawMessageLog } from '../live/raw-log';
import { StateFanout } from '../live/state-fanout';
import type { RollupProgress } from '../telemetry/rollup-buckets';
import { TelemetryStore } from '../telemetry/telemetry-store';
import { ProcessWatch } from './process-watch';

export { BrokerPortError };

export type DeviceRuntimeLog = IngestLogger & { info(obj: object, msg: string): void };

export type DeviceRuntimeOptions = {
  /** External broker; when absent the embedded broker listens on `mqttPort` (0 = any free port). */
  mqttUrl: string | undefined;
  /** This node's client id on the external broker: stable across restarts, one per node. */
  mqttClientId: string;
  /** Mosquitto's dynamic-security administrator: the broker's accounts follow the gateways' credentials. */
  mqttDynsec?: { username: string; password: string } | undefined;
  /** This node among several (its lease, its pending commands): stable across restarts. */
  nodeId: string;
  /** How long this node's lease lasts without a heartbeat (then another takes its commands over). */
  nodeLeaseSeconds: number;
  mqttPort: number;
  offlineSeconds: number;
  commandTimeoutMs: number;
  commandRetries: number;
  retentionDays: number;
  flushMs?: number;
  batchSize?: number;
  stateIntervalMs?: number;
  /** Bulk lane: a device's latest-state row is rewritten at most this often unless on/level/online/faults changed. */
  stateWriteMs?: number;
  /** Diagnostics (the bench): the ingestion counters are written here as JSON every second and when the runtime stops. */
  statsFile?: string | undefined;
  /** Readings received and not yet stored at which gateways are held back (backpressure). */
  highWater?: number;
  /** Gateway directory: entries are reloaded at least this often (changes are picked up every 30 s). */
  directoryMaxAgeMs?: number;
};

/**
 * Everything that talks to devices, in one object the app builds at start-up and starts
 * explicitly (main.ts, tests): the bus (embedded broker or external client), ingestion,
 * the command tracker, the online/offline monitor, rollups and retention.
 */
export class DeviceRuntime {
  readonly directory: GatewayDirectory;
  readonly rawLog: RawMessageLog;
  readonly store: TelemetryStore;
  readonly ingest: IngestPipeline;
  readonly commands: CommandService;
  private readonly fanout: StateFanout;
  private readonly offline: OfflineMarking;
  private bus: DeviceBus | null = null;
  private dynsec: DynsecAccounts | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly stopHooks: Array<() => Promise<void>> = [];
  private unfollowSchedules: (() => void) | null = null;
  /** Diagnostics (with `statsFile`): the event loop's delays, garbage collection, memory. */
  private processWatch: ProcessWatch | null = null;
  /** Diagnostics: the rollup runs' count, time and rows. */
  private readonly rollups = { runs: 0, ms: 0, lastMs: 0, lastRows: 0 };

  constructor(
    private readonly db: Database,
    live: LiveEvents,
    private readonly log: DeviceRuntimeLog,
    private readonly options: DeviceRuntimeOptions,
  ) {
    this.directory = new GatewayDirectory(db, options.directoryMaxAgeMs);
    this.rawLog = new RawMessageLog(live);
    const turns = new BulkTurns();
    this.store = new TelemetryStore(db, turns);
    this.fanout = new StateFanout(live, options.stateIntervalMs ?? 1_000);
    this.commands = new CommandService(
      new CommandRepository(db),
      new NodeLeaseRepository(db),
      () => this.bus,
      this.rawLog,
      live,
      log,
      {
        nodeId: options.nodeId,
        leaseSeconds: options.nodeLeaseSeconds,
        mqttClientId: options.mqttUrl ? options.mqttClientId : null,
        timeoutMs: options.commandTimeoutMs,
        retries: options.commandRetries,
        onPublished: (sn) => this.ingest.releaseSender(sn),
        acksWritten: () => this.ingest.acksWritten(),
      },
    );
    const events = {
      log,
      onDevicesChanged: (devices: readonly LiveDevice[], from?: number, to?: number) =>
        this.fanout.addDevices(devices, from, to),
      onStateChanges: (changes: StateChange[]) => this.fanout.add(changes),
    };
    this.offline = new OfflineMarking(db, live, events);
    this.ingest = new IngestPipeline(
      db,
      this.directory,
      this.store,
      live,
      this.rawLog,
      this.commands,
      this.offline,
      events,
      {
        flushMs: options.flushMs ?? 250,
        batchSize: options.batchSize ?? 20_000,
        turns,
        retentionDays: options.retentionDays,
        stateWriteMs: options.stateWriteMs ?? 5_000,
        // Fresh enough for the offline monitor of any node (it checks a quarter as often).
        seenWriteMs: Math.min(5_000, (options.offlineSeconds * 1000) / 4),
        ...(options.highWater === undefined ? {} : { highWater: options.highWater }),
      },
    );
  }

  /** Started, and its bus carries messages now (for readiness). */
  get connected(): boolean {
    return this.bus?.connected ?? false;
  }

  get running(): boolean {
    return this.bus !== null;
  }

  /** Where devices connect (for credentials pages and the demo). */
  get brokerUrl(): string | null {
    return this.bus?.url ?? null;
  }

  /**
   * The broker's accounts, kept equal to the gateways' credentials: the dynamic-security
   * plugin's once the runtime started with it; none to keep otherwise. Throws while the plugin
   * is configured and not reachable, so that no credential is handed out that the broker refuses.
   */
  get accounts(): BrokerAccounts {
    if (!this.options.mqttDynsec) return noBrokerAccounts;
    if (!this.dynsec) throw new Error('broker accounts not connected');
    return this.dynsec;
  }

  async start(): Promise<void> {
    if (this.bus) return;
    if (this.options.mqttUrl && this.options.mqttDynsec && !this.dynsec) {
      // Before the bus: the platform's own account gets its role first.
      const platform = platformAccount(this.options.mqttUrl);
      this.dynsec = await DynsecAccounts.connect({
        url: this.options.mqttUrl,
        ...this.options.mqttDynsec,
        ...(platform ? { platform } : {}),
      });
    }
    const uplink: Uplink = {
      take: (topic, payload) => this.ingest.handle(topic, payload),
      stored: (topic, taken) => this.ingest.stored(topic, taken),
    };
    const bus = this.options.mqttUrl
      ? await connectExternalBroker({
          url: this.options.mqttUrl,
          clientId: this.options.mqttClientId,
          uplink,
        })
      : await startEmbeddedBroker({
          port: this.options.mqttPort,
          lookup: async (sn) => (await this.directory.get(sn))?.credentialHash ?? null,
          uplink,
        });
    bus.onSession((sn, connected) => {
      if (connected) return;
      const gw = this.directory.peek(sn);
      if (gw) this.ingest.gatewayGone(gw.id);
    });
    this.bus = bus;
    if (this.options.statsFile) {
      this.processWatch = new ProcessWatch();
    }
    this.ingest.start();
    await this.commands.start();
    this.unfollowSchedules = followHeldSchedules(this.commands, new GatewayRepository(this.db));
    this.fanout.start();
    const every = (ms: number, job: () => Promise<unknown>, name: string) => {
      const t = setInterval(
        () => void job().catch((err: Error) => this.log.error({ err }, `device ${name} job failed`)),
        ms,
      );
      t.unref();
      this.timers.push(t);
    };
    every(
      Math.max(500, Math.min(5_000, (this.options.offlineSeconds * 1000) / 4)),
      () => this.checkOffline(),
      'offline',
    );
    every(60_000, () => this.rollup(), 'rollup');
    every(30_000, () => this.directory.refreshChanged(), 'directory refresh');
    every(3_600_000, () => this.store.applyRetention(this.options.retentionDays), 'retention');
    if (this.options.statsFile) every(1_000, () => this.writeStats(), 'stats');
    this.log.info({ url: bus.url, kind: bus.kind }, 'device bus ready');
  }

  /** Runs `hook` first when the runtime stops (the demo simulator disconnects before the broker closes). */
  onStop(hook: () => Promise<void>): void {
    this.stopHooks.push(hook);
  }

  async stop(): Promise<void> {
    for (const hook of this.stopHooks.splice(0)) await hook().catch(() => undefined);
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.commands.stop().catch((err: Error) => this.log.warn({ err }, 'stopping commands failed'));
    this.unfollowSchedules?.();
    this.unfollowSchedules = null;
    const bus = this.bus;
    this.bus = null;
    if (bus) await bus.close().catch(() => undefined);
    const dynsec = this.dynsec;
    this.dynsec = null;
    await dynsec?.close().catch(() => undefined);
    await this.ingest.stop();
    this.fanout.stop();
    await this.writeStats(true).catch((err: Error) => this.log.warn({ err }, 'writing device stats failed'));
  }

  /**
   * Diagnostics for the bench: the ingestion counters of this process's life and how long the
   * event loop, acks and express states waited, written every second while running (readings
   * accepted and stored: a live backlog) and once more at stop.
   */
  private async writeStats(final = false): Promise<void> {
    const file = this.options.statsFile;
    if (!file) return;
    const stats = {
      ...this.ingest.stats,
      ...this.processWatch?.figures(),
      ...this.waits(),
      rollupRuns: this.rollups.runs,
      rollupMs: Math.round(this.rollups.ms),
      lastRollupMs: Math.round(this.rollups.lastMs),
      lastRollupRows: this.rollups.lastRows,
    };
    if (final) this.processWatch?.stop();
    await writeFile(`${file}.tmp`, JSON.stringify(stats));
    await rename(`${file}.tmp`, file);
  }

  /** How long acks and express states waited for their rows, in ms. */
  private waits(): Record<string, number> {
    const { ackWriteMs: acks, expressStateMs: states } = this.ingest;
    return {
      ...(acks.count ? { ackWriteP50Ms: acks.percentile(50), ackWriteP99Ms: acks.percentile(99) } : {}),
      ...(states.count
        ? { expressStateP50Ms: states.percentile(50), expressStateP99Ms: states.percentile(99) }
        : {}),
    };
  }

  /** Gateways not heard from within the offline timeout become offline (one event each). */
  async checkOffline(now = Date.now()): Promise<string[]> {
    const cutoff = new Date(now - this.options.offlineSeconds * 1000).toISOString();
    const ids = await this.offline.mark(await this.offline.silentSince(cutoff));
    this.ingest.forgetGateways(ids);
    return ids;
  }

  /**
   * Adds the readings stored since the last run into the rollups: ingestion keeps running
   * sums per device-hour per flush, and this adds them to the hourly and daily rows (instead of
   * recomputing the current hour from the raw readings every minute). `TelemetryStore.rollup`
   * still recomputes a range from the raw readings (repairs, back-fills).
   */
  async rollup(): Promise<void> {
    const buckets = this.ingest.takeRollupBuckets();
    const done: RollupProgress = { lamps: 0, sensors: 0 };
    const started = performance.now();
    try {
      await this.store.addRollups(buckets, done);
      const ms = performance.now() - started;
      Object.assign(this.rollups, { runs: this.rollups.runs + 1, lastMs: ms, lastRows: buckets.size });
      this.rollups.ms += ms;
    } catch (error) {
      // What was written stays; the rest is added by the next run.
      this.ingest.returnRollupBuckets(buckets, done);
      throw error;
    }
  }

  /** Publishes on the bus (for the demo simulator's in-process use and tests). */
  publish(topic: string, payload: string): Promise<void> {
    if (!this.bus) throw new Error('device bus not running');
    return this.bus.publish(topic, payload, 1);
  }
}
