import { createHash } from 'node:crypto';
import {
  type ControlJobDto,
  EMPTY_SCHEDULE_VERSION,
  type GatewayScheduleDto,
  type gatewayScheduleQuerySchema,
  type Page,
  toPage,
} from '@ics/contract/server';
import type { z } from 'zod';
import { isoOrNull } from '../../../http/sql-where';
import { AppError } from '../../../lib/errors';
import type { CommandService, CommandTarget, DeviceLookup } from '../../device';
import type { ProjectScope } from '../../project';
import type { ControlService, JobPart, JobSender } from '../control/control.service';
import type { LightingAccess } from '../lighting-access';
import {
  actionLevel,
  compareStrategies,
  localParts,
  type PlanLamp,
  type PlanStrategy,
  winnerFor,
} from '../plan';
import type { PlanSource, ProjectInfo } from '../strategy/plan-source';
import type { GatewayScheduleRepository } from './gateway-schedule.repository';

/** The schedule a gateway should hold (protocol `lamp.schedule` parameters) and its version. */
export type GatewaySchedule = {
  version: string;
  params: { version: string; days: number[]; entries: Array<Record<string, unknown>> };
  fallbackLevel: number | null;
  /** The governing strategy (null: none, the empty schedule). */
  strategyId: string | null;
};

/** The schedule of a gateway no strategy governs: nothing to do on its own. */
const EMPTY_SCHEDULE: GatewaySchedule = {
  version: EMPTY_SCHEDULE_VERSION,
  params: { version: EMPTY_SCHEDULE_VERSION, days: [], entries: [] },
  fallbackLevel: null,
  strategyId: null,
};

/** The version a gateway holds; one that never acknowledged a schedule holds the empty one. */
const heldVersion = (v: string | null | undefined): string => v ?? EMPTY_SCHEDULE_VERSION;

/**
 * The schedule a gateway should hold on a date: the strategy governing most of its lamps
 * (ties by the overlap rule), as clock times or sun events the gateway resolves itself.
 */
function scheduleFor(strategies: PlanStrategy[], lamps: PlanLamp[], date: string): GatewaySchedule {
  const votes = new Map<string, { s: PlanStrategy; n: number }>();
  for (const lamp of lamps) {
    const win = winnerFor(strategies, lamp, date);
    if (!win) continue;
    const v = votes.get(win.strategy.id) ?? { s: win.strategy, n: 0 };
    v.n++;
    votes.set(win.strategy.id, v);
  }
  const best = [...votes.values()].sort((a, b) => b.n - a.n || compareStrategies(a.s, b.s))[0];
  if (!best) return EMPTY_SCHEDULE;
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

/** What to push to gateways: some of them, or those of a project; the fallback level and after how long. */
export type PushRequest = {
  gatewayIds: string[];
  projectId?: string | undefined;
  fallbackLevel?: number | undefined;
  fallbackAfterSeconds: number;
};

/**
 * The schedules gateways hold so that their lamps follow the strategies without the server:
 * which one each gateway should hold today, which hold it, and pushing it to them.
 */
export class GatewayScheduleService {
  constructor(
    private readonly repo: GatewayScheduleRepository,
    private readonly plans: PlanSource,
    private readonly control: ControlService,
    private readonly access: LightingAccess,
    private readonly devices: DeviceLookup,
    private readonly commands: CommandService,
  ) {}

  /** Expected schedules of some gateways of a project, for today in its time zone. */
  private async expectedSchedules(
    project: ProjectInfo,
    gatewayIds: string[],
    now = Date.now(),
  ): Promise<Map<string, GatewaySchedule>> {
    const strategies = await this.plans.planStrategies(project.id);
    const lamps = await this.plans.planLamps(project, { gatewayIds });
    const date = localParts(now, project.timeZone).date;
    return new Map(
      gatewayIds.map((gw) => [
        gw,
        scheduleFor(
          strategies,
          lamps.filter((l) => l.gatewayId === gw),
          date,
        ),
      ]),
    );
  }

  /** Expected schedules of gateways of any live projects (those of a deleted project are left out). */
  private async expectedOf(
    gateways: Array<{ id: string; projectId: string }>,
    now: number,
  ): Promise<Map<string, GatewaySchedule>> {
    const byProject = new Map<string, string[]>();
    for (const g of gateways) byProject.set(g.projectId, [...(byProject.get(g.projectId) ?? []), g.id]);
    const expected = new Map<string, GatewaySchedule>();
    for (const project of await this.plans.projects([...byProject.keys()]))
      for (const [gw, s] of await this.expectedSchedules(project, byProject.get(project.id)!, now))
        expected.set(gw, s);
    return expected;
  }

  /** The caller's gateways: the schedule each should hold today, the one it holds, the last push. */
  async list(
    userId: string,
    q: z.output<typeof gatewayScheduleQuerySchema>,
    now = Date.now(),
  ): Promise<Page<GatewayScheduleDto>> {
    const rows = await this.repo.list(await this.access.scopeOf(userId), q.projectId);
    const pushes = new Map(
      (await this.commands.find(rows.flatMap((r) => (r.push_command_id ? [r.push_command_id] : [])))).map(
        (c) => [c.id, c],
      ),
    );
    const expected = await this.expectedOf(
      rows.map((r) => ({ id: r.id, projectId: r.project_id })),
      now,
    );
    let all: GatewayScheduleDto[] = rows.map((r) => {
      const exp = expected.get(r.id) ?? null;
      const push = r.push_command_id ? pushes.get(r.push_command_id) : undefined;
      return {
        gatewayId: r.id,
        sn: r.sn,
        name: r.name,
        projectId: r.project_id,
        online: Boolean(r.online),
        expectedVersion: exp?.version ?? null,
        heldVersion: r.schedule_version ?? null,
        upToDate: exp === null || exp.version === heldVersion(r.schedule_version),
        fallbackLevel: r.fallback_level ?? exp?.fallbackLevel ?? null,
        lastPushTime: isoOrNull(r.push_time),
        lastPushStatus: push?.status ?? null,
        lastPushReason: push?.reason ?? null,
      };
    });
    if (q.upToDate) all = all.filter((g) => g.upToDate === (q.upToDate === '1'));
    const start = (q.pageNo - 1) * q.pageSize;
    return toPage(all.slice(start, start + q.pageSize), all.length, q.pageNo, q.pageSize);
  }

  /**
   * Sends each gateway its schedule (`lamp.schedule`) and fallback level (`gateway.fallback`)
   * as one job. A gateway no strategy governs gets the empty schedule, so that it stops
   * following one that was deleted or disabled.
   */
  async push(by: JobSender, scope: ProjectScope, b: PushRequest, now = Date.now()): Promise<ControlJobDto> {
    const gateways = await this.devices.gateways(b.gatewayIds.length ? b.gatewayIds : null, {
      scope,
      projectId: b.projectId,
    });
    const found = new Set(gateways.map((g) => g.id));
    const missing = b.gatewayIds.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.gateway_not_found', { id: missing });
    const expected = await this.expectedOf(gateways, now);
    const parts: JobPart[] = [];
    const records: Array<{ gatewayId: string; schedule: GatewaySchedule; fallback: number; part: number }> =
      [];
    for (const g of gateways) {
      const schedule = expected.get(g.id);
      if (!schedule) continue;
      const target: CommandTarget = {
        projectId: g.projectId,
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
    const { commandIds, ...job } = await this.control.sendBatch(parts, { action: 'on' }, 'push', by);
    for (const r of records)
      await this.repo.record({
        gatewayId: r.gatewayId,
        version: r.schedule.version,
        body: r.schedule.params,
        fallbackLevel: r.fallback,
        commandId: commandIds[r.part]?.[0] ?? null,
      });
    return job;
  }

  /** Gateways (online) whose held version differs from the expected one and were not pushed to lately. */
  async stale(now = Date.now(), minAgeMs = 10 * 60_000): Promise<string[]> {
    const rows = await this.repo.unpushedSince(new Date(now - minAgeMs).toISOString());
    const expected = await this.expectedOf(
      rows.map((r) => ({ id: r.id, projectId: r.project_id })),
      now,
    );
    return rows.flatMap((g) => {
      const e = expected.get(g.id);
      return e && e.version !== heldVersion(g.schedule_version) ? [g.id] : [];
    });
  }

  /**
   * After strategies of some projects changed (deleted, disabled, edited): pushes the resulting
   * schedule to their online gateways that hold a schedule which is no longer the expected one
   * (the empty schedule where no strategy is left). Gateways that never held one wait for a
   * push from the console; offline ones get theirs from the scheduler's periodic push once
   * back. Answers the job, or null when no gateway needed anything.
   */
  async pushAffected(by: JobSender, projectIds: string[], now = Date.now()): Promise<ControlJobDto | null> {
    if (!projectIds.length || !this.commands.running) return null;
    const gateways = (await this.repo.list('all', undefined, projectIds)).filter(
      (g) => g.online && g.schedule_version !== null,
    );
    const expected = await this.expectedOf(
      gateways.map((g) => ({ id: g.id, projectId: g.project_id })),
      now,
    );
    const stale = gateways.filter((g) => {
      const e = expected.get(g.id);
      return e !== undefined && e.version !== heldVersion(g.schedule_version);
    });
    if (!stale.length) return null;
    return this.push(
      by,
      'all',
      { gatewayIds: stale.map((g) => g.id), fallbackAfterSeconds: DEFAULT_FALLBACK_AFTER_SECONDS },
      now,
    );
  }
}

/** After how long without the platform a gateway falls back, when a push does not say. */
const DEFAULT_FALLBACK_AFTER_SECONDS = 300;
