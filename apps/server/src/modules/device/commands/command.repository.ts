import type { CommandStatus, commandListQuerySchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import { pageRows, type ScopeFilter, Where } from '../../../http/sql-where';
import { COMMAND_COLUMNS, type CommandRow } from './command-rows';
import type { HeardAck } from './heard-acks';

/** How many commands of a job are in each state. */
export type CommandCounts = { total: number } & Record<CommandStatus, number>;

/** A command of a job as the job's outcome list shows it. */
export type JobOutcomeRow = {
  id: string;
  device_id: string | null;
  name: string | null;
  device_address: string | null;
  gateway_id: string;
  status: CommandStatus;
  reason: string | null;
  ack_time: Date | null;
};

/** A command row to insert: one per target, all of one send. */
export type NewCommands = {
  batchId: string;
  cmd: string;
  /** The parameters as JSON. */
  params: string;
  /** The final deadline (ISO), retries included. */
  deadline: string;
  createBy: string;
  createUserId: string | null;
  jobKind: string | null;
  jobId: string | null;
  ids: string[];
  projectIds: string[];
  gatewayIds: string[];
  deviceIds: Array<string | null>;
  addresses: Array<string | null>;
  /** The multi-device message carrying each row (null: its own message, with the row's id). */
  messageIds: Array<string | null>;
  /** The node that follows them (retries, timeout). */
  nodeId: string;
};

/** A pending command as a node that takes it over needs it to send it again. */
export type FollowedRow = Pick<
  CommandRow,
  | 'id'
  | 'message_id'
  | 'project_id'
  | 'gateway_id'
  | 'gateway_sn'
  | 'device_id'
  | 'device_address'
  | 'cmd'
  | 'params'
  | 'attempts'
> & { deadline: Date; create_time: Date };

/** A command whose outcome a statement just recorded. */
export type SettledRow = { id: string; project_id: string; status: string };

const FROM = 'from dev_command c join dev_gateway g on g.id = c.gateway_id';

/** Every statement on `dev_command`: the commands module owns the table. */
export class CommandRepository {
  constructor(private readonly db: Database) {}

  /** The gateways among `ids` that announced the `multi` feature (one message for many devices). */
  async multiGateways(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: string }>(
      `select id from dev_gateway where id = any($1::text[]) and 'multi' = any(features)`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  async insert(c: NewCommands): Promise<void> {
    await this.db.query(
      `insert into dev_command (id, batch_id, project_id, gateway_id, device_id, device_address, cmd, params, status,
         attempts, deadline, create_by, message_id, create_user_id, job_kind, job_id, node_id)
       select v.id, $1, v.project_id, v.gateway_id, v.device_id, v.address, $2, $3::jsonb, 'pending', 1, $4, $5,
         v.message_id, $12, $13, $14, $15
         from unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
           as v(id, project_id, gateway_id, device_id, address, message_id)`,
      [
        c.batchId,
        c.cmd,
        c.params,
        c.deadline,
        c.createBy,
        c.ids,
        c.projectIds,
        c.gatewayIds,
        c.deviceIds,
        c.addresses,
        c.messageIds,
        c.createUserId,
        c.jobKind,
        c.jobId,
        c.nodeId,
      ],
    );
  }

  /**
   * Claims a lapsed node's lease for `nodeId` and moves the commands it left pending to this
   * node, in one statement: of several nodes claiming at once, the one whose conditional update
   * wins the lease row moves them; a node renewing its own lease meanwhile keeps both. Answers
   * whether the lease was claimed, and the ids of the commands moved.
   */
  async claimLapsed(lapsedNodeId: string, nodeId: string): Promise<{ claimed: boolean; ids: string[] }> {
    const [row] = await this.db.query<{ claimed: boolean; ids: string[] }>(
      `with claimed as (
         update dev_node_lease set taken_by = $2, taken_at = now()
          where node_id = $1 and expires_at < now() and taken_by is null
          returning node_id
       ), moved as (
         update dev_command c set node_id = $2 from claimed
          where c.node_id = claimed.node_id and c.status = 'pending'
          returning c.id
       )
       select exists (select 1 from claimed) as claimed, array(select id from moved) as ids`,
      [lapsedNodeId, nodeId],
    );
    return { claimed: row?.claimed ?? false, ids: row?.ids ?? [] };
  }

  /** The pending commands this node follows (after a restart, or moved to it), with what resending needs. */
  followed(nodeId: string, ids?: string[]): Promise<FollowedRow[]> {
    return this.db.query<FollowedRow>(
      `select c.id, c.message_id, c.project_id, c.gateway_id, g.sn as gateway_sn, c.device_id, c.device_address,
              c.cmd, c.params, c.attempts, c.deadline, c.create_time
         ${FROM}
        where c.node_id = $1 and c.status = 'pending' ${ids ? 'and c.id = any($2::text[])' : ''}
        order by c.create_time, c.id`,
      ids ? [nodeId, ids] : [nodeId],
    );
  }

  async statuses(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ id: string; status: string }>(
      'select id, status from dev_command where id = any($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  async countResend(ids: string[]): Promise<void> {
    await this.db.query('update dev_command set attempts = attempts + 1 where id = any($1::text[])', [ids]);
  }

  /** Times out those of `ids` still pending; answers them. */
  async timeOut(ids: string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `update dev_command set status = 'timeout', reason = 'no ack' where id = any($1::text[]) and status = 'pending'
       returning id`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Times out the commands still pending past their final deadline before `before` (ISO) that
   * this node answers for (its own, or sent by no named node) and does not follow (`followed`);
   * answers them. Another node's are its own to time out, or its claimant's once its lease lapsed.
   */
  async timeOutOverdue(before: string, nodeId: string, followed: string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `update dev_command set status = 'timeout', reason = 'no ack'
        where status = 'pending' and deadline < $1 and (node_id is null or node_id = $2)
          and not (id = any($3::text[]))
       returning id`,
      [before, nodeId, followed],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Records acks on the open rows of the acking gateway's own commands (a gateway cannot settle
   * another's): a single-device command's ack carries the row's id; a multi-device command's
   * carries its message's id, with each listed device's own outcome and the ack's status for the
   * rest. Answers the rows settled.
   */
  async writeAcks(acks: readonly HeardAck[]): Promise<SettledRow[]> {
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const set = `status = v.status, reason = v.reason, result = v.result, ack_time = v.ts`;
    const open = `c.status in ('pending', 'timeout') and c.gateway_id = v.gw`;
    // Single-device commands: the ack's id is the command row's id.
    const rows = await this.db.query<SettledRow>(
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
        ...(await this.db.query<SettledRow>(
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
        ...(await this.db.query<SettledRow>(
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
    return rows;
  }

  /** The commands with these ids, oldest first. */
  async find(ids: string[]): Promise<CommandRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<CommandRow>(
      `select ${COMMAND_COLUMNS} ${FROM} where c.id = any($1::text[]) order by c.create_time, c.id`,
      [ids],
    );
  }

  /** A page of the command log, newest first. */
  async list(
    scope: ScopeFilter,
    q: z.output<typeof commandListQuerySchema>,
  ): Promise<{ rows: CommandRow[]; total: number }> {
    const w = new Where().scope(scope, 'c.project_id');
    w.equal('c', q, ['projectId', 'gatewayId', 'deviceId', 'batchId', 'cmd', 'status']);
    if (q.from !== undefined) w.add('c.create_time >= ?', new Date(q.from).toISOString());
    if (q.to !== undefined) w.add('c.create_time < ?', new Date(q.to).toISOString());
    return pageRows<CommandRow>(
      this.db,
      w,
      q,
      `select ${COMMAND_COLUMNS} ${FROM}`,
      'from dev_command c',
      'c.create_time desc, c.id',
    );
  }

  /** The counts of each job's commands by state (a job without commands counts none). */
  async jobCounts(jobIds: string[]): Promise<Map<string, CommandCounts>> {
    const counts = new Map<string, CommandCounts>();
    for (const id of jobIds) counts.set(id, { total: 0, pending: 0, acked: 0, failed: 0, timeout: 0 });
    if (jobIds.length === 0) return counts;
    const rows = await this.db.query<{ job_id: string; status: CommandStatus; n: number }>(
      `select job_id, status, count(*)::int as n from dev_command where job_id = any($1::text[])
        group by job_id, status`,
      [jobIds],
    );
    for (const r of rows) {
      const c = counts.get(r.job_id)!;
      c[r.status] = r.n;
      c.total += r.n;
    }
    return counts;
  }

  /** A job's commands (of one state, when given) by gateway and address, at most `limit`. */
  jobOutcomes(jobId: string, status: CommandStatus | undefined, limit: number): Promise<JobOutcomeRow[]> {
    const params: unknown[] = [jobId, limit];
    if (status) params.push(status);
    return this.db.query<JobOutcomeRow>(
      `select c.id, c.device_id, d.name, c.device_address, c.gateway_id, c.status, c.reason, c.ack_time
         from dev_command c left join dev_device d on d.id = c.device_id
        where c.job_id = $1 ${status ? 'and c.status = $3' : ''}
        order by c.gateway_id, c.device_address limit $2`,
      params,
    );
  }
}
