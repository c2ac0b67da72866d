import {
  CONTROL_CONFIRM_THRESHOLD,
  type CommandName,
  type CommandStatus,
  type ControlAction,
  type ControlJobDto,
  type ControlOutcome,
  type ControlOutcomeMessage,
  type ControlScope,
  type Page,
  toPage,
} from '@ics/contract/server';
import type { Database } from '../../db/database';
import { isoOrNull } from '../../http/sql-where';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { CommandCounts, CommandOutcomeEvent, CommandService, CommandTarget, UserPush } from '../device';
import type { ProjectScope, ProjectScopeService } from '../project';

export type JobSource = ControlJobDto['source'];

/** A lamp as commands need it. */
export type LampTarget = CommandTarget & { deviceId: string; address: string };

export type ControlRequest = {
  action: ControlAction;
  level?: number | undefined;
  /** Epoch ms: a manual override that ends then. */
  until?: number | undefined;
};

/** The job kind of a control job's commands (strategies and schedule pushes run as control jobs too). */
export const LIGHTING_JOB = 'lighting';

/** The protocol command of a control action (with an end time: `lamp.override`). */
export function commandFor(req: ControlRequest): { cmd: CommandName; params: Record<string, unknown> } {
  const level = req.action === 'off' ? 0 : (req.level ?? 100);
  if (req.until !== undefined) return { cmd: 'lamp.override', params: { level, until: req.until } };
  if (req.action === 'off') return { cmd: 'lamp.switch', params: { on: false } };
  if (req.action === 'on' && req.level === undefined) return { cmd: 'lamp.switch', params: { on: true } };
  return { cmd: 'lamp.dim', params: { level, ramp: 0 } };
}

type JobRow = {
  id: string;
  source: JobSource;
  action: string;
  level: number | null;
  until: Date | null;
  total: number;
  rejected: Array<{ id: string; reason: string }>;
  project_ids: string[];
  create_by: string | null;
  create_time: Date;
};

/**
 * Outcomes of one job heard on this node, buffered so a 10,000-lamp job sends a few messages, not
 * 10,000; with whom to tell, as its commands carry it: the user who started it, and a project.
 */
type OutcomeBuffer = {
  userId: string;
  projectId: string;
  outcomes: ControlOutcomeMessage['payload']['outcomes'];
  timer: NodeJS.Timeout;
};

/**
 * Outcomes are gathered this long before one push: at most ten pushes a second per job, and
 * the operator sees the last outcome within a tenth of a second.
 */
const FLUSH_MS = 100;

/**
 * Batch control of lamps (a selection, groups, gateways, projects): resolves the lamps, sends
 * one command per lamp through the device module's commands (one protocol message per gateway
 * where the gateway supports it), records the job, and follows its outcomes: pollable through
 * `job` and pushed live to the user who started it as `control.outcome`.
 *
 * With several API nodes an outcome is heard on whichever node ingested the gateway's ack (the
 * external broker's shared subscription), not necessarily the node that started the job. So
 * every node pushes the outcomes it hears to the job's owner (its commands carry the user), and
 * the push goes through the realtime fan-out, which reaches the owner's console on any node.
 * Outcomes of jobs without a user (the scheduler's) reach the project's users as device events.
 */
export class ControlService {
  private readonly buffers = new Map<string, OutcomeBuffer>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    private readonly scopes: ProjectScopeService,
    private readonly commands: CommandService,
    private readonly push: UserPush,
  ) {
    this.unsubscribe = commands.onOutcome((event) => this.heard(event));
  }

  close(): void {
    this.unsubscribe();
    for (const b of this.buffers.values()) clearTimeout(b.timer);
    this.buffers.clear();
  }

  /** Buffers the outcome of a command of a job started by a user, for its `control.outcome` batch. */
  private heard({ job, userId, projectId, payload: dto }: CommandOutcomeEvent): void {
    if (job?.kind !== LIGHTING_JOB || !userId || dto.status === 'pending') return;
    let buffer = this.buffers.get(job.id);
    if (!buffer) {
      const jobId = job.id;
      buffer = { userId, projectId, outcomes: [], timer: setTimeout(() => void this.flush(jobId), FLUSH_MS) };
      this.buffers.set(jobId, buffer);
    }
    buffer.outcomes.push({
      deviceId: dto.deviceId,
      commandId: dto.id,
      status: dto.status,
      reason: dto.reason,
    });
  }

  scope(userId: string): Promise<ProjectScope> {
    return this.scopes.scopeOf(userId);
  }

  /** The lamps of a selection, limited to the caller's projects; unknown ids answer 404. */
  async resolveLamps(scope: ProjectScope, kind: ControlScope, ids: string[]): Promise<LampTarget[]> {
    const unique = [...new Set(ids)];
    const params: unknown[] = [unique];
    const scoped = (col: string) => {
      if (scope === 'all') return '';
      params.push(scope);
      return ` and ${col} = any($${params.length}::text[])`;
    };
    const exists = async (
      sql: string,
      key: 'lighting.group_not_found' | 'lighting.gateway_not_found' | 'lighting.project_not_found',
    ) => {
      const rows = await this.db.query<{ id: string }>(sql, params);
      const found = new Set(rows.map((r) => r.id));
      const missing = unique.find((id) => !found.has(id));
      if (missing) throw new AppError(404, key, { id: missing });
    };
    let where: string;
    switch (kind) {
      case 'lamps':
        where = `d.id = any($1::text[])${scoped('d.project_id')}`;
        break;
      case 'group':
        await exists(
          `select id from lighting_group where id = any($1::text[])${scoped('project_id')}`,
          'lighting.group_not_found',
        );
        params.splice(1);
        where = `d.id in (select device_id from lighting_group_lamp where group_id = any($1::text[]))${scoped('d.project_id')}`;
        break;
      case 'gateway':
        await exists(
          `select id from dev_gateway where id = any($1::text[])${scoped('project_id')}`,
          'lighting.gateway_not_found',
        );
        params.splice(1);
        where = `d.gateway_id = any($1::text[])${scoped('d.project_id')}`;
        break;
      case 'project':
        await exists(
          `select id from sys_project where del_flag = 0 and id = any($1::text[])${scoped('id')}`,
          'lighting.project_not_found',
        );
        params.splice(1);
        where = `d.project_id = any($1::text[])${scoped('d.project_id')}`;
        break;
    }
    const rows = await this.db.query<{
      id: string;
      address: string;
      gateway_id: string;
      sn: string;
      project_id: string;
    }>(
      `select d.id, d.address, d.gateway_id, g.sn, d.project_id from dev_device d join dev_gateway g on g.id = d.gateway_id
        where d.kind = 'lamp' and ${where} order by d.gateway_id, d.address`,
      params,
    );
    if (kind === 'lamps') {
      const found = new Set(rows.map((r) => r.id));
      const missing = unique.find((id) => !found.has(id));
      if (missing) throw new AppError(404, 'lighting.lamp_not_found', { id: missing });
    }
    return rows.map(toTarget);
  }

  /** A control from the console: checks the selection size, then sends. */
  async control(
    caller: { userId: string; username: string },
    kind: ControlScope,
    ids: string[],
    req: ControlRequest & { confirm: boolean },
    now = Date.now(),
  ): Promise<ControlJobDto> {
    if (req.until !== undefined && req.until <= now) throw badRequest('lighting.until_past');
    const lamps = await this.resolveLamps(await this.scope(caller.userId), kind, ids);
    if (lamps.length === 0) throw badRequest('lighting.no_lamps');
    if (lamps.length > CONTROL_CONFIRM_THRESHOLD && !req.confirm)
      throw new AppError(409, 'lighting.confirm_required', { count: lamps.length }, { count: lamps.length });
    return this.send(lamps, req, 'manual', { username: caller.username, userId: caller.userId });
  }

  /**
   * Sends a control to lamps and records the job. Manual overrides (with `until`) are
   * remembered so strategies leave the lamps alone until then; a control without an end time
   * ends any override of the lamps.
   */
  async send(
    lamps: LampTarget[],
    req: ControlRequest,
    source: JobSource,
    by: { username: string; userId: string | null },
    rejected: Array<{ id: string; reason: string }> = [],
  ): Promise<ControlJobDto> {
    if (!this.commands.running) throw new AppError(503, 'lighting.bus_down');
    const { cmd, params } = commandFor(req);
    return this.sendCommand(lamps, cmd, params, req, source, by, rejected);
  }

  /** Sends any command to targets as a job (circuits and schedule pushes use it too). */
  sendCommand(
    targets: CommandTarget[],
    cmd: CommandName,
    params: Record<string, unknown>,
    req: ControlRequest,
    source: JobSource,
    by: { username: string; userId: string | null },
    rejected: Array<{ id: string; reason: string }> = [],
  ): Promise<ControlJobDto> {
    return this.sendBatch([{ targets, cmd, params }], req, source, by, rejected);
  }

  /** Several commands (different parameters per part) as one job. */
  async sendBatch(
    parts: Array<{ targets: CommandTarget[]; cmd: CommandName; params: Record<string, unknown> }>,
    req: ControlRequest,
    source: JobSource,
    by: { username: string; userId: string | null },
    rejected: Array<{ id: string; reason: string }> = [],
  ): Promise<ControlJobDto & { commandIds: string[][] }> {
    if (!this.commands.running) throw new AppError(503, 'lighting.bus_down');
    const jobId = crypto.randomUUID();
    const targets = parts.flatMap((p) => p.targets);
    const projectIds = [...new Set(targets.map((t) => t.projectId))];
    const level = req.action === 'off' ? 0 : (req.level ?? null);
    const until = req.until === undefined ? null : new Date(req.until).toISOString();
    await this.db.query(
      `insert into lighting_job (id, source, action, level, until, total, rejected, project_ids, create_by, create_user_id)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::text[], $9, $10)`,
      [
        jobId,
        source,
        req.action,
        level,
        until,
        targets.length,
        JSON.stringify(rejected),
        projectIds,
        by.username,
        by.userId,
      ],
    );
    const lamps = targets.filter((t) => t.deviceId !== null);
    const isLampControl = parts.every((p) => ['lamp.switch', 'lamp.dim', 'lamp.override'].includes(p.cmd));
    if (isLampControl && lamps.length) {
      const lampIds = lamps.map((t) => t.deviceId!);
      if (req.until !== undefined)
        await this.db.query(
          `insert into lighting_override (device_id, project_id, level, until, job_id)
           select v.id, v.project_id, $3, $4, $5 from unnest($1::text[], $2::text[]) as v(id, project_id)
           on conflict (device_id) do update set level = excluded.level, until = excluded.until, job_id = excluded.job_id,
             create_time = now()`,
          [lampIds, lamps.map((t) => t.projectId), level ?? 0, until, jobId],
        );
      else if (source === 'manual')
        await this.db.query('delete from lighting_override where device_id = any($1::text[])', [lampIds]);
    }
    const commandIds: string[][] = [];
    for (const part of parts) {
      if (part.targets.length === 0) {
        commandIds.push([]);
        continue;
      }
      const { ids } = await this.commands.send(part.targets, part.cmd, part.params, by.username, {
        userId: by.userId,
        job: { kind: LIGHTING_JOB, id: jobId },
      });
      commandIds.push(ids);
    }
    return {
      id: jobId,
      source,
      action: req.action,
      level,
      until,
      total: targets.length,
      pending: targets.length,
      acked: 0,
      failed: 0,
      timeout: 0,
      rejected,
      done: targets.length === 0,
      createBy: by.username,
      createTime: new Date().toISOString(),
      commandIds,
    };
  }

  /** Pushes the outcomes this node heard for a job, with the job's counts, to its owner. */
  private async flush(jobId: string) {
    const buffer = this.buffers.get(jobId);
    if (!buffer) return;
    this.buffers.delete(jobId);
    try {
      const counts = await this.counts(jobId);
      const message: ControlOutcomeMessage = {
        cmd: 'device',
        kind: 'control.outcome',
        projectId: buffer.projectId,
        payload: { jobId, counts, done: counts.pending === 0, outcomes: buffer.outcomes },
      };
      await this.push.sendToUsers([buffer.userId], message);
    } catch {
      // A lost push is recovered by polling the job.
    }
  }

  private async counts(jobId: string): Promise<CommandCounts> {
    return (await this.commands.jobCounts([jobId])).get(jobId)!;
  }

  private visible(scope: ProjectScope, projectIds: string[]) {
    return scope === 'all' || projectIds.every((p) => scope.includes(p));
  }

  private toJob(r: JobRow, counts: CommandCounts): ControlJobDto {
    return {
      id: r.id,
      source: r.source,
      action: r.action,
      level: r.level,
      until: isoOrNull(r.until),
      ...counts,
      total: Math.max(r.total, counts.total),
      rejected: r.rejected,
      done: counts.pending === 0,
      createBy: r.create_by,
      createTime: isoOrNull(r.create_time)!,
    };
  }

  async job(
    userId: string,
    id: string,
    options: { status?: CommandStatus | undefined; limit: number },
  ): Promise<ControlJobDto> {
    const [row] = await this.db.query<JobRow>('select * from lighting_job where id = $1', [id]);
    if (!row || !this.visible(await this.scope(userId), row.project_ids))
      throw notFound('lighting.job_not_found');
    const counts = await this.counts(id);
    const job = this.toJob(row, counts);
    if (options.limit > 0) {
      const outcomes = await this.commands.jobOutcomes(id, options.status, options.limit);
      job.outcomes = outcomes.map(
        (o): ControlOutcome => ({
          deviceId: o.device_id,
          deviceName: o.name,
          address: o.device_address,
          gatewayId: o.gateway_id,
          commandId: o.id,
          status: o.status,
          reason: o.reason,
          ackTime: isoOrNull(o.ack_time),
        }),
      );
    }
    return job;
  }

  async jobs(
    userId: string,
    q: { pageNo: number; pageSize: number; source?: string | undefined },
  ): Promise<Page<ControlJobDto>> {
    const scope = await this.scope(userId);
    const params: unknown[] = [];
    const where: string[] = [];
    if (scope !== 'all') {
      params.push(scope);
      where.push(`project_ids <@ $${params.length}::text[]`);
    }
    if (q.source) {
      params.push(q.source);
      where.push(`source = $${params.length}`);
    }
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.db.query<JobRow>(
        `select * from lighting_job ${w} order by create_time desc, id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_job ${w}`, params),
    ]);
    const counts = await this.commands.jobCounts(rows.map((r) => r.id));
    const jobs = rows.map((r) => this.toJob(r, counts.get(r.id)!));
    return toPage(jobs, count?.n ?? 0, q.pageNo, q.pageSize);
  }
}

export const toTarget = (r: {
  id: string;
  address: string;
  gateway_id: string;
  sn: string;
  project_id: string;
}): LampTarget => ({
  projectId: r.project_id,
  gatewayId: r.gateway_id,
  gatewaySn: r.sn,
  deviceId: r.id,
  address: r.address,
});
