import { createHash } from 'node:crypto';
import {
  type ControlJobDto,
  type ExecutionDto,
  type executionListQuerySchema,
  type GatewayScheduleDto,
  type gatewayScheduleQuerySchema,
  type Page,
  type PreviewResult,
  type previewBodySchema,
  type StrategyAction,
  type StrategyDto,
  type StrategyInput,
  type StrategyTarget,
  type strategyListQuerySchema,
  toPage,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/errors';
import type { CommandService, CommandTarget } from '../device';
import type { ProjectScope, ProjectScopeService } from '../project';
import type { ControlService } from './control.service';
import {
  actionLevel,
  addDays,
  compareStrategies,
  lampActions,
  localDateTime,
  localParts,
  type PlanLamp,
  type PlanStrategy,
  sunTimes,
  winnerFor,
} from './plan';

type Q<S extends z.ZodType> = z.output<S>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const dateText = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : localDate(v as Date);
/** A `date` column read back: drivers give a Date at local midnight of the server. */
function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type StrategyRow = {
  id: string;
  project_id: string;
  name: string;
  priority: number;
  enabled: boolean;
  start_date: string | Date | null;
  end_date: string | Date | null;
  weekdays: number[];
  actions: StrategyAction[];
  fallback_level: number | null;
  remark: string | null;
  version: number;
  create_by: string | null;
  create_time: Date;
  update_time: Date;
  targets: StrategyTarget[] | null;
};

export type ProjectInfo = { id: string; timeZone: string; latitude: number; longitude: number };

const toPlan = (r: StrategyRow): PlanStrategy => ({
  id: r.id,
  name: r.name,
  priority: r.priority,
  updateTime: new Date(r.update_time).getTime(),
  enabled: r.enabled,
  startDate: dateText(r.start_date),
  endDate: dateText(r.end_date),
  weekdays: r.weekdays,
  actions: r.actions,
  targets: r.targets ?? [],
  fallbackLevel: r.fallback_level,
});

const STRATEGY_SELECT = `select s.*, coalesce((select json_agg(json_build_object('kind', t.kind, 'id', t.target_id)
    order by t.kind, t.target_id) from lighting_strategy_target t where t.strategy_id = s.id), '[]'::json) as targets
  from lighting_strategy s`;

/** The schedule a gateway should hold (protocol `lamp.schedule` parameters) and its version. */
export type GatewaySchedule = {
  version: string;
  params: { version: string; days: number[]; entries: Array<Record<string, unknown>> };
  fallbackLevel: number | null;
  strategyId: string;
};

/**
 * Strategies: CRUD with validation, the plan arithmetic's data (strategies and lamps of a
 * project), the preview, the execution log, and the schedules gateways hold.
 */
export class StrategyService {
  constructor(
    private readonly db: Database,
    private readonly scopes: ProjectScopeService,
    private readonly control: ControlService,
    private readonly commands: CommandService,
  ) {}

  private scope(userId: string): Promise<ProjectScope> {
    return this.scopes.scopeOf(userId);
  }

  // ---- CRUD ------------------------------------------------------------------------------

  private toDto(r: StrategyRow, names: Map<string, string>): StrategyDto {
    return {
      id: r.id,
      projectId: r.project_id,
      name: r.name,
      priority: r.priority,
      enabled: r.enabled,
      startDate: dateText(r.start_date),
      endDate: dateText(r.end_date),
      weekdays: r.weekdays,
      actions: r.actions,
      targets: (r.targets ?? []).map((t) => ({ ...t, name: names.get(`${t.kind}:${t.id}`) ?? null })),
      fallbackLevel: r.fallback_level,
      remark: r.remark,
      version: r.version,
      createBy: r.create_by,
      createTime: iso(r.create_time)!,
      updateTime: iso(r.update_time)!,
    };
  }

  /** Display names of strategy targets. */
  private async targetNames(rows: StrategyRow[]): Promise<Map<string, string>> {
    const all = rows.flatMap((r) => r.targets ?? []);
    const ids = (kind: string) => [...new Set(all.filter((t) => t.kind === kind).map((t) => t.id))];
    const [lamps, groups, gateways, projects] = await Promise.all([
      this.db.query<{ id: string; name: string }>(
        'select id, name from dev_device where id = any($1::text[])',
        [ids('lamp')],
      ),
      this.db.query<{ id: string; name: string }>(
        'select id, name from lighting_group where id = any($1::text[])',
        [ids('group')],
      ),
      this.db.query<{ id: string; name: string }>(
        'select id, name from dev_gateway where id = any($1::text[])',
        [ids('gateway')],
      ),
      this.db.query<{ id: string; name: string }>(
        'select id, name from sys_project where id = any($1::text[])',
        [ids('project')],
      ),
    ]);
    const m = new Map<string, string>();
    for (const [kind, list] of [
      ['lamp', lamps],
      ['group', groups],
      ['gateway', gateways],
      ['project', projects],
    ] as const)
      for (const r of list) m.set(`${kind}:${r.id}`, r.name);
    return m;
  }

  async list(userId: string, q: Q<typeof strategyListQuerySchema>): Promise<Page<StrategyDto>> {
    const scope = await this.scope(userId);
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (scope !== 'all') add('s.project_id = any(?::text[])', scope);
    if (q.projectId) add('s.project_id = ?', q.projectId);
    if (q.name) add('s.name ilike ?', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.enabled) add('s.enabled = ?', q.enabled === '1');
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.db.query<StrategyRow>(
        `${STRATEGY_SELECT} ${w} order by s.priority desc, s.update_time desc, s.id
         limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_strategy s ${w}`, params),
    ]);
    const names = await this.targetNames(rows);
    return toPage(
      rows.map((r) => this.toDto(r, names)),
      count?.n ?? 0,
      q.pageNo,
      q.pageSize,
    );
  }

  private async row(userId: string | null, id: string, db: Queryable = this.db): Promise<StrategyRow> {
    const [row] = await db.query<StrategyRow>(`${STRATEGY_SELECT} where s.id = $1`, [id]);
    if (!row) throw notFound('lighting.strategy_not_found');
    if (userId) {
      const scope = await this.scope(userId);
      if (scope !== 'all' && !scope.includes(row.project_id)) throw notFound('lighting.strategy_not_found');
    }
    return row;
  }

  async get(userId: string, id: string): Promise<StrategyDto> {
    const row = await this.row(userId, id);
    return this.toDto(row, await this.targetNames([row]));
  }

  /** Every target must exist in the strategy's project. */
  private async checkTargets(userId: string, b: StrategyInput) {
    const [p] = await this.db.query('select 1 from sys_project where id = $1 and del_flag = 0', [
      b.projectId,
    ]);
    if (!p || !(await this.scopes.canSee(userId, b.projectId))) throw notFound('lighting.project_not_found');
    const tables = {
      lamp: `select id from dev_device where kind = 'lamp' and project_id = $1 and id = any($2::text[])`,
      group: 'select id from lighting_group where project_id = $1 and id = any($2::text[])',
      gateway: 'select id from dev_gateway where project_id = $1 and id = any($2::text[])',
      project: 'select id from sys_project where id = $1 and id = any($2::text[])',
    } as const;
    for (const kind of ['lamp', 'group', 'gateway', 'project'] as const) {
      const ids = [...new Set(b.targets.filter((t) => t.kind === kind).map((t) => t.id))];
      if (!ids.length) continue;
      const found = new Set(
        (await this.db.query<{ id: string }>(tables[kind], [b.projectId, ids])).map((r) => r.id),
      );
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw new AppError(400, 'lighting.target_other_project', { id: missing });
    }
  }

  private async write(tx: Queryable, id: string, b: StrategyInput) {
    await tx.query('delete from lighting_strategy_target where strategy_id = $1', [id]);
    const targets = b.targets.filter(
      (t, i) => b.targets.findIndex((o) => o.kind === t.kind && o.id === t.id) === i,
    );
    await tx.query(
      `insert into lighting_strategy_target (strategy_id, kind, target_id)
       select $1, k, t from unnest($2::text[], $3::text[]) as v(k, t)`,
      [id, targets.map((t) => t.kind), targets.map((t) => t.id)],
    );
  }

  async add(userId: string, username: string, b: StrategyInput): Promise<StrategyDto> {
    await this.checkTargets(userId, b);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into lighting_strategy (project_id, name, priority, enabled, start_date, end_date, weekdays, actions,
           fallback_level, remark, create_by)
         values ($1, $2, $3, $4, $5, $6, $7::int[], $8::jsonb, $9, $10, $11) returning id`,
        [
          b.projectId,
          b.name,
          b.priority,
          b.enabled,
          b.startDate ?? null,
          b.endDate ?? null,
          [...new Set(b.weekdays)].sort(),
          JSON.stringify(b.actions),
          b.fallbackLevel ?? null,
          b.remark ?? null,
          username,
        ],
      );
      await this.write(tx, row!.id, b);
      return row!.id;
    });
    return this.get(userId, id);
  }

  async edit(userId: string, b: StrategyInput & { id: string }): Promise<StrategyDto> {
    await this.row(userId, b.id);
    await this.checkTargets(userId, b);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update lighting_strategy set project_id = $2, name = $3, priority = $4, enabled = $5, start_date = $6,
           end_date = $7, weekdays = $8::int[], actions = $9::jsonb, fallback_level = $10, remark = $11,
           version = version + 1, update_time = now()
         where id = $1`,
        [
          b.id,
          b.projectId,
          b.name,
          b.priority,
          b.enabled,
          b.startDate ?? null,
          b.endDate ?? null,
          [...new Set(b.weekdays)].sort(),
          JSON.stringify(b.actions),
          b.fallbackLevel ?? null,
          b.remark ?? null,
        ],
      );
      await this.write(tx, b.id, b);
    });
    return this.get(userId, b.id);
  }

  async delete(userId: string, ids: string[]): Promise<void> {
    const scope = await this.scope(userId);
    await this.db.query(
      `delete from lighting_strategy where id = any($1::text[]) ${scope === 'all' ? '' : 'and project_id = any($2::text[])'}`,
      scope === 'all' ? [ids] : [ids, scope],
    );
  }

  // ---- plan data -------------------------------------------------------------------------

  async projects(ids?: string[]): Promise<ProjectInfo[]> {
    const rows = await this.db.query<{ id: string; time_zone: string; latitude: number; longitude: number }>(
      `select id, time_zone, latitude, longitude from sys_project where del_flag = 0
         ${ids ? 'and id = any($1::text[])' : `and id in (select project_id from lighting_strategy where enabled)`}`,
      ids ? [ids] : [],
    );
    return rows.map((r) => ({
      id: r.id,
      timeZone: r.time_zone || 'Asia/Shanghai',
      latitude: r.latitude,
      longitude: r.longitude,
    }));
  }

  async planStrategies(projectId: string): Promise<PlanStrategy[]> {
    const rows = await this.db.query<StrategyRow>(
      `${STRATEGY_SELECT} where s.project_id = $1 and s.enabled`,
      [projectId],
    );
    return rows.map(toPlan);
  }

  /** Lamps of a project (or some of them) with where they stand and what they belong to. */
  async planLamps(
    project: ProjectInfo,
    filter?: { lampIds?: string[]; gatewayIds?: string[] },
  ): Promise<PlanLamp[]> {
    const params: unknown[] = [project.id];
    let extra = '';
    if (filter?.lampIds) {
      params.push(filter.lampIds);
      extra += ` and d.id = any($${params.length}::text[])`;
    }
    if (filter?.gatewayIds) {
      params.push(filter.gatewayIds);
      extra += ` and d.gateway_id = any($${params.length}::text[])`;
    }
    const rows = await this.db.query<{
      id: string;
      gateway_id: string;
      latitude: number | null;
      longitude: number | null;
      groups: string[] | null;
    }>(
      `select d.id, d.gateway_id, p.latitude, p.longitude,
          (select array_agg(gl.group_id) from lighting_group_lamp gl where gl.device_id = d.id) as groups
         from dev_device d left join dev_pole p on p.id = d.pole_id
        where d.kind = 'lamp' and d.project_id = $1${extra}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      projectId: project.id,
      gatewayId: r.gateway_id,
      groupIds: r.groups ?? [],
      latitude: r.latitude ?? project.latitude,
      longitude: r.longitude ?? project.longitude,
    }));
  }

  // ---- preview ---------------------------------------------------------------------------

  async preview(userId: string, b: Q<typeof previewBodySchema>, now = Date.now()): Promise<PreviewResult> {
    const [lampRow] = await this.db.query<{ project_id: string }>(
      `select project_id from dev_device where id = $1 and kind = 'lamp'`,
      [b.lampId],
    );
    const scope = await this.scope(userId);
    if (!lampRow || (scope !== 'all' && !scope.includes(lampRow.project_id)))
      throw new AppError(404, 'lighting.lamp_not_found', { id: b.lampId });
    const [project] = await this.projects([lampRow.project_id]);
    const [lamp] = await this.planLamps(project!, { lampIds: [b.lampId] });
    let strategies = await this.planStrategies(project!.id);
    if (b.draft) {
      const draft = b.draft;
      const saved = draft.id ? strategies.find((s) => s.id === draft.id) : undefined;
      strategies = strategies.filter((s) => s.id !== draft.id);
      strategies.push({
        id: draft.id ?? 'draft',
        name: draft.name,
        priority: draft.priority,
        // An edited strategy is saved "now": newer than every other.
        updateTime: saved ? now : now,
        enabled: draft.enabled,
        startDate: draft.startDate ?? null,
        endDate: draft.endDate ?? null,
        weekdays: draft.weekdays,
        actions: draft.actions,
        targets: draft.targets,
        fallbackLevel: draft.fallbackLevel ?? null,
      });
    }
    const tz = project!.timeZone;
    const from = b.from ?? localParts(now, tz).date;
    const entries: PreviewResult['entries'] = [];
    const days: PreviewResult['days'] = [];
    for (let i = 0; i < b.days; i++) {
      const date = addDays(from, i);
      const win = winnerFor(strategies, lamp!, date);
      const sun = sunTimes(date, lamp!.latitude, lamp!.longitude, tz);
      days.push({
        date,
        winner: win?.strategy.id ?? null,
        overridden: win?.overridden.map((s) => s.id) ?? [],
        sunrise: sun.sunrise === null ? null : new Date(sun.sunrise).toISOString(),
        sunset: sun.sunset === null ? null : new Date(sun.sunset).toISOString(),
      });
      for (const a of lampActions(strategies, lamp!, date, tz))
        entries.push({
          date,
          time: new Date(a.at).toISOString(),
          localTime: localDateTime(a.at, tz),
          strategyId: a.strategy.id,
          strategyName: a.strategy.name,
          priority: a.strategy.priority,
          actionIndex: a.actionIndex,
          action: a.action.action,
          level: a.action.action === 'off' ? 0 : (a.action.level ?? (a.action.action === 'on' ? 100 : null)),
          at: a.action.at,
        });
    }
    return {
      lampId: b.lampId,
      timeZone: tz,
      longitude: lamp!.longitude,
      latitude: lamp!.latitude,
      entries,
      days,
    };
  }

  // ---- execution log ---------------------------------------------------------------------

  async executions(userId: string, q: Q<typeof executionListQuerySchema>): Promise<Page<ExecutionDto>> {
    const scope = await this.scope(userId);
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (scope !== 'all') add('e.project_id = any(?::text[])', scope);
    if (q.projectId) add('e.project_id = ?', q.projectId);
    if (q.strategyId) add('e.strategy_id = ?', q.strategyId);
    if (q.status) add('e.status = ?', q.status);
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `select e.*, s.name as strategy_name
           from lighting_execution e left join lighting_strategy s on s.id = e.strategy_id ${w}
          order by e.planned_time desc, e.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_execution e ${w}`, params),
    ]);
    const counts = await this.commands.jobCounts(rows.flatMap((r) => (r.job_id ? [r.job_id as string] : [])));
    return toPage(
      rows.map((r) => ({
        id: String(r.id),
        strategyId: r.strategy_id as string,
        strategyName: (r.strategy_name as string | null) ?? null,
        projectId: r.project_id as string,
        targetKey: r.target_key as string,
        actionIndex: r.action_index as number,
        action: r.action as ExecutionDto['action'],
        level: (r.level as number | null) ?? null,
        plannedTime: iso(r.planned_time)!,
        executedTime: iso(r.executed_time),
        status: r.status as ExecutionDto['status'],
        lampCount: r.lamp_count as number,
        jobId: (r.job_id as string | null) ?? null,
        counts: r.job_id ? counts.get(r.job_id as string)! : null,
        reason: (r.reason as string | null) ?? null,
      })),
      count?.n ?? 0,
      q.pageNo,
      q.pageSize,
    );
  }

  // ---- gateway schedules -----------------------------------------------------------------

  /**
   * The schedule a gateway should hold on a date: the strategy governing most of its lamps
   * (ties by the overlap rule), as clock times or sun events the gateway resolves itself.
   */
  scheduleFor(strategies: PlanStrategy[], lamps: PlanLamp[], date: string): GatewaySchedule | null {
    const votes = new Map<string, { s: PlanStrategy; n: number }>();
    for (const lamp of lamps) {
      const win = winnerFor(strategies, lamp, date);
      if (!win) continue;
      const v = votes.get(win.strategy.id) ?? { s: win.strategy, n: 0 };
      v.n++;
      votes.set(win.strategy.id, v);
    }
    const best = [...votes.values()].sort((a, b) => b.n - a.n || compareStrategies(a.s, b.s))[0];
    if (!best) return null;
    const s = best.s;
    const entries = s.actions.map((a) => ({
      at: a.at.type === 'clock' ? a.at.time : { event: a.at.type, offsetMinutes: a.at.offsetMinutes },
      level: actionLevel(a),
    }));
    const days = s.weekdays.map((d) => d % 7).sort();
    const body = JSON.stringify({ s: s.id, entries, days, f: s.fallbackLevel });
    const version = `${createHash('sha1').update(body).digest('hex').slice(0, 12)}`;
    return { version, params: { version, days, entries }, fallbackLevel: s.fallbackLevel, strategyId: s.id };
  }

  /** Expected schedules of some gateways of a project, for today in its time zone. */
  async expectedSchedules(
    project: ProjectInfo,
    gatewayIds: string[],
    now = Date.now(),
  ): Promise<Map<string, GatewaySchedule | null>> {
    const strategies = await this.planStrategies(project.id);
    const lamps = await this.planLamps(project, { gatewayIds });
    const date = localParts(now, project.timeZone).date;
    const out = new Map<string, GatewaySchedule | null>();
    for (const gw of gatewayIds)
      out.set(
        gw,
        this.scheduleFor(
          strategies,
          lamps.filter((l) => l.gatewayId === gw),
          date,
        ),
      );
    return out;
  }

  async gatewaySchedules(
    userId: string,
    q: Q<typeof gatewayScheduleQuerySchema>,
    now = Date.now(),
  ): Promise<Page<GatewayScheduleDto>> {
    const scope = await this.scope(userId);
    const params: unknown[] = [];
    const where: string[] = [];
    if (scope !== 'all') {
      params.push(scope);
      where.push(`g.project_id = any($${params.length}::text[])`);
    }
    if (q.projectId) {
      params.push(q.projectId);
      where.push(`g.project_id = $${params.length}`);
    }
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const rows = await this.db.query<Record<string, unknown>>(
      `select g.id, g.sn, g.name, g.project_id, g.online, g.schedule_version, s.fallback_level, s.push_time,
          s.push_command_id
         from dev_gateway g left join lighting_gateway_schedule s on s.gateway_id = g.id ${w} order by g.sn`,
      params,
    );
    const pushes = new Map(
      (
        await this.commands.find(
          rows.flatMap((r) => (r.push_command_id ? [r.push_command_id as string] : [])),
        )
      ).map((c) => [c.id, c]),
    );
    const byProject = new Map<string, string[]>();
    for (const r of rows)
      byProject.set(r.project_id as string, [
        ...(byProject.get(r.project_id as string) ?? []),
        r.id as string,
      ]);
    const expected = new Map<string, GatewaySchedule | null>();
    for (const project of await this.projects([...byProject.keys()]))
      for (const [gw, s] of await this.expectedSchedules(project, byProject.get(project.id)!, now))
        expected.set(gw, s);
    let all: GatewayScheduleDto[] = rows.map((r) => {
      const exp = expected.get(r.id as string) ?? null;
      const held = (r.schedule_version as string | null) ?? null;
      return {
        gatewayId: r.id as string,
        sn: r.sn as string,
        name: r.name as string,
        projectId: r.project_id as string,
        online: Boolean(r.online),
        expectedVersion: exp?.version ?? null,
        heldVersion: held,
        upToDate: exp === null || exp.version === held,
        fallbackLevel: (r.fallback_level as number | null) ?? exp?.fallbackLevel ?? null,
        lastPushTime: iso(r.push_time),
        lastPushStatus: pushes.get(r.push_command_id as string)?.status ?? null,
        lastPushReason: pushes.get(r.push_command_id as string)?.reason ?? null,
      };
    });
    if (q.upToDate) all = all.filter((g) => g.upToDate === (q.upToDate === '1'));
    const start = (q.pageNo - 1) * q.pageSize;
    return toPage(all.slice(start, start + q.pageSize), all.length, q.pageNo, q.pageSize);
  }

  /**
   * Sends each gateway its schedule (`lamp.schedule`) and fallback level (`gateway.fallback`)
   * as one job. Gateways without a governing strategy are skipped (listed as rejected).
   */
  async push(
    by: { username: string; userId: string | null },
    scope: ProjectScope,
    b: {
      gatewayIds: string[];
      projectId?: string | undefined;
      fallbackLevel?: number | undefined;
      fallbackAfterSeconds: number;
    },
    now = Date.now(),
  ): Promise<ControlJobDto> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (b.gatewayIds.length) {
      params.push(b.gatewayIds);
      where.push(`id = any($${params.length}::text[])`);
    }
    if (b.projectId) {
      params.push(b.projectId);
      where.push(`project_id = $${params.length}`);
    }
    if (scope !== 'all') {
      params.push(scope);
      where.push(`project_id = any($${params.length}::text[])`);
    }
    const gateways = await this.db.query<{ id: string; sn: string; project_id: string }>(
      `select id, sn, project_id from dev_gateway where ${where.join(' and ')} order by sn`,
      params,
    );
    const found = new Set(gateways.map((g) => g.id));
    const missing = b.gatewayIds.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.gateway_not_found', { id: missing });
    const rejected: Array<{ id: string; reason: string }> = [];
    const parts: Array<{
      targets: CommandTarget[];
      cmd: 'lamp.schedule' | 'gateway.fallback';
      params: Record<string, unknown>;
    }> = [];
    const records: Array<{ gatewayId: string; schedule: GatewaySchedule; fallback: number; part: number }> =
      [];
    const byProject = new Map<string, typeof gateways>();
    for (const g of gateways) byProject.set(g.project_id, [...(byProject.get(g.project_id) ?? []), g]);
    for (const project of await this.projects([...byProject.keys()])) {
      const list = byProject.get(project.id)!;
      const expected = await this.expectedSchedules(
        project,
        list.map((g) => g.id),
        now,
      );
      for (const g of list) {
        const schedule = expected.get(g.id);
        if (!schedule) {
          rejected.push({ id: g.id, reason: 'lighting.no_lamps' });
          continue;
        }
        const target: CommandTarget = {
          projectId: g.project_id,
          gatewayId: g.id,
          gatewaySn: g.sn,
          deviceId: null,
          address: null,
        };
        const fallback = b.fallbackLevel ?? schedule.fallbackLevel ?? 100;
        records.push({ gatewayId: g.id, schedule, fallback, part: parts.length });
        parts.push({ targets: [target], cmd: 'lamp.schedule', params: schedule.params });
        parts.push({
          targets: [target],
          cmd: 'gateway.fallback',
          params: { level: fallback, afterSeconds: b.fallbackAfterSeconds },
        });
      }
    }
    const job = await this.control.sendBatch(parts, { action: 'on' }, 'push', by, rejected);
    const { commandIds, ...dto } = job;
    for (const r of records)
      await this.db.query(
        `insert into lighting_gateway_schedule (gateway_id, version, body, fallback_level, push_command_id, push_time, update_time)
         values ($1, $2, $3::jsonb, $4, $5, now(), now())
         on conflict (gateway_id) do update set version = excluded.version, body = excluded.body,
           fallback_level = excluded.fallback_level, push_command_id = excluded.push_command_id,
           push_time = excluded.push_time, update_time = now()`,
        [
          r.gatewayId,
          r.schedule.version,
          JSON.stringify(r.schedule.params),
          r.fallback,
          commandIds[r.part]?.[0] ?? null,
        ],
      );
    return dto;
  }

  /** Gateways (online) whose held version differs from the expected one and were not pushed to lately. */
  async stale(now = Date.now(), minAgeMs = 10 * 60_000): Promise<string[]> {
    const rows = await this.db.query<{ id: string; project_id: string; schedule_version: string | null }>(
      `select g.id, g.project_id, g.schedule_version from dev_gateway g
         left join lighting_gateway_schedule s on s.gateway_id = g.id
        where g.online and (s.push_time is null or s.push_time < $1)
          and g.project_id in (select project_id from lighting_strategy where enabled)`,
      [new Date(now - minAgeMs).toISOString()],
    );
    const out: string[] = [];
    const byProject = new Map<string, typeof rows>();
    for (const r of rows) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r]);
    for (const project of await this.projects([...byProject.keys()])) {
      const list = byProject.get(project.id)!;
      const expected = await this.expectedSchedules(
        project,
        list.map((g) => g.id),
        now,
      );
      for (const g of list) {
        const e = expected.get(g.id);
        if (e && e.version !== g.schedule_version) out.push(g.id);
      }
    }
    return out;
  }
}
