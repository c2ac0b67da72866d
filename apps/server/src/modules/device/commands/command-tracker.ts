import { randomUUID } from 'node:crypto';
import { type CommandMessage, type CommandName, topics } from '@ics/contract/server';
import type { DeviceBus } from '../bus/device-bus';
import type { RawMessageLog } from '../live/raw-log';
import type { CommandRepository, FollowedRow } from './command.repository';

export type CommandTarget = {
  projectId: string;
  gatewayId: string;
  gatewaySn: string;
  deviceId: string | null;
  address: string | null;
};

/** Who must hear a command's outcome besides its project: the user who sent it, and its job. */
export type CommandJob = { kind: string; id: string };
export type SendOptions = { batchId?: string; userId?: string | null; job?: CommandJob | null };

/** One published message: one command row, or (multi-device) several rows of one gateway. */
type Pending = {
  id: string;
  gatewayId: string;
  gatewaySn: string;
  projectId: string;
  topic: string;
  body: string;
  /** When it was first published (the round trip is measured from here). */
  sentAt: number;
  deadline: number;
  attempts: number;
  /** Command rows of this message still waiting for their outcome. */
  rows: Set<string>;
  /** The devices it addresses (none for a command to the gateway itself). */
  devices: string[];
};

/** Above this many devices a multi-device command is split into several messages. */
const MAX_DEVICES_PER_MESSAGE = 1000;

/**
 * Sends commands and follows each to its real outcome. A command is stored as `pending`,
 * published with QoS 1 and resent (same id: devices answer a repeated id with the same ack)
 * when no ack came within the timeout, up to `retries` times; then it is `timeout`. Acks are
 * recorded by ingestion on whichever API node receives them, so before resending or giving up
 * the tracker re-reads the status from the database.
 *
 * Devices of one gateway that announced the `multi` feature get one message for all of them
 * (`devs`, up to {@link MAX_DEVICES_PER_MESSAGE}); each device still has its own command row,
 * linked to the message by `message_id`, and its own outcome from the ack's `devices` list.
 */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();
  /** Gateway serial number → messages sent to it and still awaiting an outcome. */
  private readonly awaitedBy = new Map<string, number>();
  /** Command row id → the id of the message that carries it (multi-device messages only). */
  private readonly messageOf = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private readonly roundTripListeners = new Set<(ms: number) => void>();
  private lastOrphanSweep = 0;

  constructor(
    private readonly repository: CommandRepository,
    private readonly bus: () => DeviceBus | null,
    private readonly rawLog: RawMessageLog,
    /** Commands the sweep timed out. */
    private readonly onTimeouts: (ids: string[]) => void,
    private readonly options: {
      /** This node: the commands it sends carry it, so that another can take them over. */
      nodeId: string;
      timeoutMs: number;
      retries: number;
      /** A command was published to this gateway (ingestion stops holding its uplink back). */
      onPublished?: (gatewaySn: string) => void;
    },
  ) {}

  /**
   * Whether commands sent to this gateway are still awaiting their outcome: its uplink then
   * carries the acks, so ingestion must not hold it back behind telemetry.
   */
  awaitingAck(gatewaySn: string): boolean {
    return (this.awaitedBy.get(gatewaySn) ?? 0) > 0;
  }

  /**
   * The devices a command message sent from this node addresses, while it awaits its outcome;
   * undefined for a message this node does not follow (sent by another node, or settled).
   */
  devicesOf(messageId: string): readonly string[] | undefined {
    return this.pending.get(messageId)?.devices;
  }

  private track(entry: Pending): void {
    this.pending.set(entry.id, entry);
    this.awaitedBy.set(entry.gatewaySn, (this.awaitedBy.get(entry.gatewaySn) ?? 0) + 1);
  }

  private untrack(entry: Pending): void {
    if (!this.pending.delete(entry.id)) return;
    const left = (this.awaitedBy.get(entry.gatewaySn) ?? 1) - 1;
    if (left > 0) this.awaitedBy.set(entry.gatewaySn, left);
    else this.awaitedBy.delete(entry.gatewaySn);
  }

  start(): void {
    this.timer = setInterval(() => void this.sweep(), Math.min(250, this.options.timeoutMs / 2));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.forgetAll();
  }

  /**
   * Stores one command per target, with who must hear its outcome, and publishes them; answers
   * their ids in target order. The batch is the job's id unless given.
   */
  async send(
    targets: CommandTarget[],
    cmd: CommandName,
    params: Record<string, unknown>,
    createBy: string,
    options: SendOptions = {},
  ): Promise<{ batchId: string; ids: string[] }> {
    const bus = this.bus();
    if (!bus) throw new Error('device bus not running');
    const batchId = options.batchId ?? options.job?.id ?? randomUUID();
    const now = Date.now();
    const { timeoutMs, retries } = this.options;
    const finalDeadline = now + timeoutMs * (retries + 1);
    const ids = targets.map(() => randomUUID());
    const body = cmd === 'device.clockSync' && params.time === undefined ? { ...params, time: now } : params;
    const messages = await this.plan(targets, ids);
    const messageIds = new Array<string | null>(targets.length).fill(null);
    for (const m of messages) if (m.multi) for (const i of m.indexes) messageIds[i] = m.id;
    await this.repository.insert({
      batchId,
      cmd,
      params: JSON.stringify(body),
      deadline: new Date(finalDeadline).toISOString(),
      createBy,
      createUserId: options.userId ?? null,
      jobKind: options.job?.kind ?? null,
      jobId: options.job?.id ?? null,
      nodeId: this.options.nodeId,
      ids,
      projectIds: targets.map((t) => t.projectId),
      gatewayIds: targets.map((t) => t.gatewayId),
      deviceIds: targets.map((t) => t.deviceId),
      addresses: targets.map((t) => t.address),
      messageIds,
    });
    // Handed to the broker, not awaited: the broker answers a publish a turn of the event loop
    // after writing it to the gateway (10–40 ms under load), and a failed publish is resent by
    // the sweep like a missing ack; the caller's answer need not wait for either.
    for (const m of messages) {
      const first = targets[m.indexes[0]!]!;
      const message: CommandMessage = {
        id: m.id,
        ts: now,
        ...(m.multi
          ? { devs: m.indexes.map((i) => targets[i]!.address!) }
          : first.address
            ? { dev: first.address }
            : {}),
        cmd,
        params: body,
        expires: finalDeadline,
      };
      const rows = new Set(m.indexes.map((i) => ids[i]!));
      if (m.multi) for (const row of rows) this.messageOf.set(row, m.id);
      const entry: Pending = {
        id: m.id,
        gatewayId: first.gatewayId,
        gatewaySn: first.gatewaySn,
        projectId: first.projectId,
        topic: topics.down(first.gatewaySn),
        body: JSON.stringify(message),
        sentAt: now,
        deadline: now + timeoutMs,
        attempts: 1,
        rows,
        devices: m.indexes.flatMap((i) => (targets[i]!.deviceId ? [targets[i]!.deviceId!] : [])),
      };
      this.track(entry);
      void this.publish(bus, entry);
    }
    return { batchId, ids };
  }

  /**
   * Follows pending commands this node did not send in this life: left by its previous life, or
   * moved to it from a node whose lease lapsed. Each message is due at once: the sweep re-reads
   * its rows, so that a command acked meanwhile is never sent again, and resends the others
   * (with the same id) or times them out when their attempts are spent.
   */
  follow(rows: readonly FollowedRow[]): void {
    const now = Date.now();
    const messages = new Map<string, FollowedRow[]>();
    for (const row of rows) {
      const id = row.message_id ?? row.id;
      if (this.pending.has(id)) continue;
      const list = messages.get(id);
      if (list) list.push(row);
      else messages.set(id, [row]);
    }
    for (const [id, list] of messages) {
      const first = list[0]!;
      const multi = first.message_id !== null;
      const message: CommandMessage = {
        id,
        ts: first.create_time.getTime(),
        ...(multi
          ? { devs: list.map((r) => r.device_address!) }
          : first.device_address
            ? { dev: first.device_address }
            : {}),
        cmd: first.cmd as CommandName,
        params: first.params,
        expires: first.deadline.getTime(),
      };
      if (multi) for (const row of list) this.messageOf.set(row.id, id);
      this.track({
        id,
        gatewayId: first.gateway_id,
        gatewaySn: first.gateway_sn,
        projectId: first.project_id,
        topic: topics.down(first.gateway_sn),
        body: JSON.stringify(message),
        sentAt: first.create_time.getTime(),
        deadline: now,
        attempts: Math.min(...list.map((r) => r.attempts)),
        rows: new Set(list.map((r) => r.id)),
        devices: list.flatMap((r) => (r.device_id ? [r.device_id] : [])),
      });
    }
  }

  /** Another node follows this node's commands now (it claimed the lease): stop following them. */
  forgetAll(): void {
    this.pending.clear();
    this.awaitedBy.clear();
    this.messageOf.clear();
  }

  /**
   * Groups targets into messages: device targets of a gateway with the `multi` feature share
   * messages; every other target is a message of its own with the command row's id.
   */
  private async plan(
    targets: CommandTarget[],
    ids: string[],
  ): Promise<Array<{ id: string; multi: boolean; indexes: number[] }>> {
    const byGateway = new Map<string, number[]>();
    targets.forEach((t, i) => {
      if (!t.address) return;
      const list = byGateway.get(t.gatewayId);
      if (list) list.push(i);
      else byGateway.set(t.gatewayId, [i]);
    });
    const multi = await this.repository.multiGateways(
      [...byGateway].filter(([, list]) => list.length > 1).map(([gw]) => gw),
    );
    const messages: Array<{ id: string; multi: boolean; indexes: number[] }> = [];
    targets.forEach((t, i) => {
      if (!t.address || !multi.has(t.gatewayId)) messages.push({ id: ids[i]!, multi: false, indexes: [i] });
    });
    for (const gw of multi) {
      const list = byGateway.get(gw)!;
      for (let at = 0; at < list.length; at += MAX_DEVICES_PER_MESSAGE)
        messages.push({
          id: randomUUID(),
          multi: true,
          indexes: list.slice(at, at + MAX_DEVICES_PER_MESSAGE),
        });
    }
    return messages;
  }

  private async publish(bus: DeviceBus, entry: Pending) {
    this.rawLog.record(entry.gatewayId, entry.projectId, 'down', entry.topic, entry.body);
    this.options.onPublished?.(entry.gatewaySn);
    // A publish that fails (broker connection down) is retried by the sweep like a missing ack.
    await bus.publish(entry.topic, entry.body, 1).catch(() => undefined);
  }

  /**
   * Time from publishing a message to recording its ack, for messages sent and acked through
   * this node (metrics).
   */
  onRoundTrip(listener: (ms: number) => void): () => void {
    this.roundTripListeners.add(listener);
    return () => this.roundTripListeners.delete(listener);
  }

  /** Ingestion recorded these outcomes: stop following them. */
  settled(ids: string[]): void {
    const now = Date.now();
    for (const id of ids) {
      const messageId = this.messageOf.get(id) ?? id;
      this.messageOf.delete(id);
      const entry = this.pending.get(messageId);
      if (!entry) continue;
      entry.rows.delete(id);
      if (entry.rows.size > 0) continue;
      this.untrack(entry);
      for (const listener of this.roundTripListeners) listener(now - entry.sentAt);
    }
  }

  private forget(entry: Pending) {
    this.untrack(entry);
    for (const row of entry.rows) this.messageOf.delete(row);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = Date.now();
      const due = [...this.pending.values()].filter((p) => p.deadline <= now);
      if (due.length) await this.handleDue(due, now);
      if (now - this.lastOrphanSweep > 30_000) {
        this.lastOrphanSweep = now;
        // Commands left past their final deadline (plus grace) that no tracker of this node
        // follows: sent before nodes were named, or lost track of.
        const ids = await this.repository.timeOutOverdue(
          new Date(now - 5_000).toISOString(),
          this.options.nodeId,
          [...this.pending.values()].flatMap((p) => [...p.rows]),
        );
        if (ids.length) this.onTimeouts(ids);
      }
    } catch {
      // The next sweep tries again; nothing is lost while a command stays pending.
    } finally {
      this.sweeping = false;
    }
  }

  private async handleDue(due: Pending[], now: number) {
    const status = await this.repository.statuses(due.flatMap((d) => [...d.rows]));
    const resend: Pending[] = [];
    const expired: string[] = [];
    for (const p of due) {
      for (const row of p.rows) if (status.get(row) !== 'pending') p.rows.delete(row);
      if (p.rows.size === 0) this.forget(p);
      else if (p.attempts <= this.options.retries) resend.push(p);
      else {
        expired.push(...p.rows);
        this.forget(p);
      }
    }
    const bus = this.bus();
    if (resend.length && bus) {
      for (const p of resend) {
        p.attempts++;
        p.deadline = now + this.options.timeoutMs;
        await this.publish(bus, p);
      }
      await this.repository.countResend(resend.flatMap((p) => [...p.rows]));
    }
    if (expired.length) {
      const timedOut = await this.repository.timeOut(expired);
      if (timedOut.length) this.onTimeouts(timedOut);
    }
  }
}
