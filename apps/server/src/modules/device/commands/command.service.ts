import {
  type CommandDto,
  type CommandStatus,
  type commandListQuerySchema,
  type Page,
  toPage,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { ScopeFilter } from '../../../http/sql-where';
import type { DeviceBus } from '../bus/device-bus';
import type { LiveEvents } from '../live/live-events';
import type { RawMessageLog } from '../live/raw-log';
import type { CommandCounts, CommandRepository, JobOutcomeRow } from './command.repository';
import type { CommandOutcomeEvent } from './command-events';
import { isCommandOutcome } from './command-events';
import { type CommandRow, toCommandDto } from './command-rows';
import { CommandTracker } from './command-tracker';
import { type HeardAck, HeardAcks } from './heard-acks';
import { NodeLease } from './node-lease';
import type { NodeLeaseRepository } from './node-lease.repository';

/** How often acks written a while ago are forgotten. */
const PRUNE_MS = 1_000;

export type CommandLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The one owner of commands: sends them (stored with who must hear their outcome), follows
 * each to its outcome (ack, retries, timeout: `CommandTracker`), records the acks ingestion
 * hands over, and publishes every outcome as a `device.command` event carrying its audience.
 * Other modules send, read the command log and their jobs' counts through this service only.
 */
export class CommandService {
  /** Acks received and not yet written, or written moments ago (the command API answers them). */
  readonly heard = new HeardAcks();
  private readonly tracker: CommandTracker;
  private readonly lease: NodeLease;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: CommandRepository,
    leases: NodeLeaseRepository,
    private readonly bus: () => DeviceBus | null,
    rawLog: RawMessageLog,
    private readonly live: LiveEvents,
    private readonly log: CommandLog,
    options: {
      /** This node, stable across restarts: its pending commands carry it. */
      nodeId: string;
      /** How long this node's lease lasts without a heartbeat. */
      leaseSeconds: number;
      /** This node's client id on an external broker (null: embedded broker). */
      mqttClientId: string | null;
      timeoutMs: number;
      retries: number;
      /** A command was published to this gateway (ingestion stops holding its uplink back). */
      onPublished?: (gatewaySn: string) => void;
      /**
       * Resolves once the acks taken in so far are written. Acks are acknowledged to the broker
       * as they arrive, before their rows are: a drained session's acks must be written before
       * its node's commands are followed, or the sweep, reading them pending, resends them.
       */
      acksWritten?: () => Promise<void>;
    },
  ) {
    this.tracker = new CommandTracker(
      repository,
      bus,
      rawLog,
      (ids) => void this.publishOutcomes(ids),
      options,
    );
    this.lease = new NodeLease(leases, repository, this.tracker, log, {
      nodeId: options.nodeId,
      mqttClientId: options.mqttClientId,
      seconds: options.leaseSeconds,
      drainSession: async (clientId) => {
        await this.bus()?.drainSession(clientId);
        await options.acksWritten?.();
      },
    });
  }

  /** Whether commands can be sent (the device bus is up). */
  get running(): boolean {
    return this.bus() !== null;
  }

  /** Starts following commands: this node's lease, what it left pending, the sweep. */
  async start(): Promise<void> {
    await this.lease.start();
    this.tracker.start();
    this.pruneTimer = setInterval(() => this.heard.prune(), PRUNE_MS);
    this.pruneTimer.unref();
  }

  /** Stops following commands and ends this node's lease: another node takes them over. */
  async stop(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.tracker.stop();
    await this.lease.stop();
  }

  /** One heartbeat of this node's lease now (tests: no waiting for the timer). */
  heartbeat(): Promise<void> {
    return this.lease.beat();
  }

  /**
   * Stores one command per target, with who must hear its outcome, and publishes them; answers
   * their ids in target order.
   */
  send(...args: Parameters<CommandTracker['send']>): ReturnType<CommandTracker['send']> {
    return this.tracker.send(...args);
  }

  /** Whether commands sent to this gateway await acks (its uplink is then never held back). */
  awaitingAck(gatewaySn: string): boolean {
    return this.tracker.awaitingAck(gatewaySn);
  }

  /** The devices a command message sent from this node addresses (undefined: not followed here). */
  devicesOf(messageId: string): readonly string[] | undefined {
    return this.tracker.devicesOf(messageId);
  }

  /** An ack just received: answered by the command API at once, before its row is written. */
  hear(ack: HeardAck): void {
    this.heard.add(ack);
  }

  /** Writes acks on their commands' rows, stops following those settled and publishes their outcomes. */
  async record(acks: HeardAck[]): Promise<void> {
    try {
      const settled = await this.repository.writeAcks(acks);
      if (settled.length === 0) return;
      const ids = settled.map((r) => r.id);
      this.tracker.settled(ids);
      void this.publishOutcomes(ids);
    } finally {
      this.heard.written(acks);
    }
  }

  /** Publish-to-ack time of each message this node sent and recorded the ack of (metrics). */
  onRoundTrip(listener: (ms: number) => void): () => void {
    return this.tracker.onRoundTrip(listener);
  }

  /** Every command outcome from now on (on whichever node ingested its ack, or timed it out). */
  onOutcome(listener: (event: CommandOutcomeEvent) => void): () => void {
    return this.live.subscribe((event) => {
      if (isCommandOutcome(event)) listener(event);
    });
  }

  /** A page of the command log within the caller's projects. */
  async list(scope: ScopeFilter, q: z.output<typeof commandListQuerySchema>): Promise<Page<CommandDto>> {
    const { rows, total } = await this.repository.list(scope, q);
    // A list filtered by status answers the rows as stored, so that its rows and its total agree
    // with the filter; unfiltered, an ack heard here shows before its row is written.
    const heard = q.status ? undefined : this.heard;
    return toPage(
      rows.map((r) => toCommandDto(r, heard)),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  /** The commands with these ids within the caller's projects, with the acks heard here. */
  async statusOf(scope: ScopeFilter, ids: string[]): Promise<CommandDto[]> {
    const rows = await this.repository.find(ids.slice(0, 1000));
    const all = rows.map((r) => toCommandDto(r, this.heard));
    return scope === 'all' ? all : all.filter((c) => scope.includes(c.projectId));
  }

  /** The commands with these ids as stored. */
  async find(ids: string[]): Promise<CommandDto[]> {
    return (await this.repository.find(ids)).map((r) => toCommandDto(r));
  }

  /** The counts of each job's commands by state. */
  jobCounts(jobIds: string[]): Promise<Map<string, CommandCounts>> {
    return this.repository.jobCounts(jobIds);
  }

  /** A job's commands (of one state, when given) by gateway and address, at most `limit`. */
  jobOutcomes(jobId: string, status: CommandStatus | undefined, limit: number): Promise<JobOutcomeRow[]> {
    return this.repository.jobOutcomes(jobId, status, limit);
  }

  /** Publishes the outcome events of commands just settled, as their rows now read. */
  private async publishOutcomes(ids: string[]): Promise<void> {
    try {
      for (const row of await this.repository.find(ids)) this.live.publish(outcomeEvent(row));
    } catch (err) {
      this.log.error({ err }, 'loading command outcomes failed');
    }
  }
}

function outcomeEvent(row: CommandRow): CommandOutcomeEvent {
  return {
    kind: 'device.command',
    projectId: row.project_id,
    payload: toCommandDto(row),
    userId: row.create_user_id,
    job: row.job_kind && row.job_id ? { kind: row.job_kind, id: row.job_id } : null,
  };
}
