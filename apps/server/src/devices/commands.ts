import { randomUUID } from 'node:crypto';
import { type CommandMessage, type CommandName, topics } from '@ics/contract';
import type { Database } from '../db/database';
import type { DeviceBus } from './bus';
import type { RawMessageLog } from './raw-log';

export type CommandTarget = {
  projectId: string;
  gatewayId: string;
  gatewaySn: string;
  deviceId: string | null;
  address: string | null;
};

type Pending = {
  id: string;
  gatewayId: string;
  projectId: string;
  topic: string;
  body: string;
  deadline: number;
  attempts: number;
};

/**
 * Sends commands and follows each to its real outcome. A command is stored as `pending`,
 * published with QoS 1 and resent (same id: devices answer a repeated id with the same ack)
 * when no ack came within the timeout, up to `retries` times; then it is `timeout`. Acks are
 * recorded by ingestion on whichever API node receives them, so before resending or giving up
 * the tracker re-reads the status from the database.
 */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private lastOrphanSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly bus: () => DeviceBus | null,
    private readonly rawLog: RawMessageLog,
    private readonly onTimeouts: (rows: Array<{ id: string; project_id: string }>) => void,
    private readonly options: { timeoutMs: number; retries: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), Math.min(250, this.options.timeoutMs / 2));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.pending.clear();
  }

  /** Stores and publishes one command per target; answers their ids in target order. */
  async send(
    targets: CommandTarget[],
    cmd: CommandName,
    params: Record<string, unknown>,
    createBy: string,
  ): Promise<{ batchId: string; ids: string[] }> {
    const bus = this.bus();
    if (!bus) throw new Error('device bus not running');
    const batchId = randomUUID();
    const now = Date.now();
    const { timeoutMs, retries } = this.options;
    const finalDeadline = now + timeoutMs * (retries + 1);
    const ids = targets.map(() => randomUUID());
    const body = cmd === 'device.clockSync' && params.time === undefined ? { ...params, time: now } : params;
    await this.db.query(
      `insert into dev_command (id, batch_id, project_id, gateway_id, device_id, device_address, cmd, params, status,
         attempts, deadline, create_by)
       select v.id, $1, v.project_id, v.gateway_id, v.device_id, v.address, $2, $3::jsonb, 'pending', 1, $4, $5
         from unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
           as v(id, project_id, gateway_id, device_id, address)`,
      [
        batchId,
        cmd,
        JSON.stringify(body),
        new Date(finalDeadline).toISOString(),
        createBy,
        ids,
        targets.map((t) => t.projectId),
        targets.map((t) => t.gatewayId),
        targets.map((t) => t.deviceId),
        targets.map((t) => t.address),
      ],
    );
    await Promise.all(
      targets.map(async (t, i) => {
        const id = ids[i]!;
        const message: CommandMessage = {
          id,
          ts: now,
          ...(t.address ? { dev: t.address } : {}),
          cmd,
          params: body,
          expires: finalDeadline,
        };
        const entry: Pending = {
          id,
          gatewayId: t.gatewayId,
          projectId: t.projectId,
          topic: topics.down(t.gatewaySn),
          body: JSON.stringify(message),
          deadline: now + timeoutMs,
          attempts: 1,
        };
        this.pending.set(id, entry);
        await this.publish(bus, entry);
      }),
    );
    return { batchId, ids };
  }

  private async publish(bus: DeviceBus, entry: Pending) {
    this.rawLog.record(entry.gatewayId, entry.projectId, 'down', entry.topic, entry.body);
    // A publish that fails (broker connection down) is retried by the sweep like a missing ack.
    await bus.publish(entry.topic, entry.body, 1).catch(() => undefined);
  }

  /** Ingestion recorded these outcomes: stop following them. */
  settled(ids: string[]): void {
    for (const id of ids) this.pending.delete(id);
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
        // Commands left pending by a node that stopped: past their final deadline (plus grace).
        const rows = await this.db.query<{ id: string; project_id: string }>(
          `update dev_command set status = 'timeout', reason = 'no ack' where status = 'pending' and deadline < $1
           returning id, project_id`,
          [new Date(now - 5_000).toISOString()],
        );
        if (rows.length) this.onTimeouts(rows);
      }
    } catch {
      // The next sweep tries again; nothing is lost while a command stays pending.
    } finally {
      this.sweeping = false;
    }
  }

  private async handleDue(due: Pending[], now: number) {
    const rows = await this.db.query<{ id: string; status: string }>(
      'select id, status from dev_command where id = any($1::text[])',
      [due.map((d) => d.id)],
    );
    const status = new Map(rows.map((r) => [r.id, r.status]));
    const resend: Pending[] = [];
    const expired: string[] = [];
    for (const p of due) {
      if (status.get(p.id) !== 'pending') this.pending.delete(p.id);
      else if (p.attempts <= this.options.retries) resend.push(p);
      else expired.push(p.id);
    }
    const bus = this.bus();
    if (resend.length && bus) {
      for (const p of resend) {
        p.attempts++;
        p.deadline = now + this.options.timeoutMs;
        await this.publish(bus, p);
      }
      await this.db.query('update dev_command set attempts = attempts + 1 where id = any($1::text[])', [
        resend.map((p) => p.id),
      ]);
    }
    if (expired.length) {
      for (const id of expired) this.pending.delete(id);
      const timedOut = await this.db.query<{ id: string; project_id: string }>(
        `update dev_command set status = 'timeout', reason = 'no ack' where id = any($1::text[]) and status = 'pending'
         returning id, project_id`,
        [expired],
      );
      if (timedOut.length) this.onTimeouts(timedOut);
    }
  }
}
