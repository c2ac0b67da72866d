import {
  CONTROL_CONFIRM_THRESHOLD,
  type CommandName,
  type ControlAction,
  type ControlJobDto,
  type ControlScope,
} from '@ics/contract/server';
import { AppError, badRequest } from '../../../lib/errors';
import type { MessageKey } from '../../../lib/messages';
import type { CommandService, CommandTarget, DeviceLookup, LampChoice, LampTarget } from '../../device';
import type { ProjectScope, ProjectService } from '../../project';
import type { GroupRepository } from '../group/group.repository';
import type { LightingAccess } from '../lighting-access';
import type { JobRepository, JobSource } from './job.repository';
import { LIGHTING_JOB } from './outcome-pushes';
import type { OverrideRepository } from './override.repository';

export type ControlRequest = {
  action: ControlAction;
  level?: number | undefined;
  /** Epoch ms: a manual override that ends then. */
  until?: number | undefined;
};

/** Who sends a job: a user, or the scheduler (no user). */
export type JobSender = { username: string; userId: string | null };

/** One command of a job with its targets (a job's commands may differ in parameters). */
export type JobPart = { targets: CommandTarget[]; cmd: CommandName; params: Record<string, unknown> };

/** The protocol command of a control action (with an end time: `lamp.override`). */
function commandFor(req: ControlRequest): { cmd: CommandName; params: Record<string, unknown> } {
  const level = req.action === 'off' ? 0 : (req.level ?? 100);
  if (req.until !== undefined) return { cmd: 'lamp.override', params: { level, until: req.until } };
  if (req.action === 'off') return { cmd: 'lamp.switch', params: { on: false } };
  if (req.action === 'on' && req.level === undefined) return { cmd: 'lamp.switch', params: { on: true } };
  return { cmd: 'lamp.dim', params: { level, ramp: 0 } };
}

/** What answers 404 when a selection names what the caller cannot see. */
const NOT_FOUND: Record<ControlScope, MessageKey> = {
  lamps: 'lighting.lamp_not_found',
  group: 'lighting.group_not_found',
  gateway: 'lighting.gateway_not_found',
  project: 'lighting.project_not_found',
};

/** 404 with `key` naming the first of `wanted` that is not among `found`. */
function assertAllFound(wanted: readonly string[], found: readonly string[], key: MessageKey): void {
  const present = new Set(found);
  const missing = wanted.find((id) => !present.has(id));
  if (missing) throw new AppError(404, key, { id: missing });
}

/**
 * Batch control of lamps (a selection, groups, gateways, projects): resolves the lamps through
 * the device module, sends one command per lamp through its commands (one protocol message per
 * gateway where the gateway supports it), and records the job (`JobService` reads it back,
 * `OutcomePushes` tells its owner how it goes).
 */
export class ControlService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly overrides: OverrideRepository,
    private readonly groups: GroupRepository,
    private readonly access: LightingAccess,
    private readonly projects: ProjectService,
    private readonly devices: DeviceLookup,
    private readonly commands: CommandService,
  ) {}

  /** The groups, gateways or projects among `ids` the caller may see. */
  private async visible(
    scope: ProjectScope,
    kind: Exclude<ControlScope, 'lamps'>,
    ids: string[],
  ): Promise<string[]> {
    switch (kind) {
      case 'group':
        return (await this.groups.named(ids, scope)).map((g) => g.id);
      case 'gateway':
        return (await this.devices.gateways(ids, { scope })).map((g) => g.id);
      case 'project':
        return (await this.projects.places(ids))
          .map((p) => p.id)
          .filter((id) => scope === 'all' || scope.includes(id));
    }
  }

  /** The lamps of a selection, limited to the caller's projects; unknown ids answer 404. */
  private async resolveLamps(scope: ProjectScope, kind: ControlScope, ids: string[]): Promise<LampTarget[]> {
    const unique = [...new Set(ids)];
    if (kind !== 'lamps') assertAllFound(unique, await this.visible(scope, kind, unique), NOT_FOUND[kind]);
    const choice: LampChoice =
      kind === 'lamps'
        ? { lampIds: unique }
        : kind === 'group'
          ? { lampIds: await this.groups.lampIds(unique) }
          : kind === 'gateway'
            ? { gatewayIds: unique }
            : { projectIds: unique };
    const lamps = await this.devices.lampTargets(choice, { scope });
    if (kind === 'lamps')
      assertAllFound(
        unique,
        lamps.map((l) => l.deviceId),
        NOT_FOUND.lamps,
      );
    return lamps;
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
    const lamps = await this.resolveLamps(await this.access.scopeOf(caller.userId), kind, ids);
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
    by: JobSender,
    rejected: Array<{ id: string; reason: string }> = [],
  ): Promise<ControlJobDto> {
    const { commandIds, ...job } = await this.sendBatch(
      [{ targets: lamps, ...commandFor(req) }],
      req,
      source,
      by,
      rejected,
    );
    return job;
  }

  /** Several commands (different parameters per part) as one job; with each part's command ids. */
  async sendBatch(
    parts: JobPart[],
    req: ControlRequest,
    source: JobSource,
    by: JobSender,
    rejected: Array<{ id: string; reason: string }> = [],
  ): Promise<ControlJobDto & { commandIds: string[][] }> {
    if (!this.commands.running) throw new AppError(503, 'lighting.bus_down');
    const jobId = crypto.randomUUID();
    const targets = parts.flatMap((p) => p.targets);
    const level = req.action === 'off' ? 0 : (req.level ?? null);
    const until = req.until === undefined ? null : new Date(req.until).toISOString();
    const recorded = { id: jobId, source, action: req.action, level, until, total: targets.length, rejected };
    await this.jobs.insert({ ...recorded, projectIds: [...new Set(targets.map((t) => t.projectId))], by });
    const lamps = targets.filter((t) => t.deviceId !== null);
    const isLampControl = parts.every((p) => ['lamp.switch', 'lamp.dim', 'lamp.override'].includes(p.cmd));
    if (isLampControl && lamps.length) {
      if (until !== null)
        await this.overrides.hold(
          lamps.map((t) => ({ id: t.deviceId!, projectId: t.projectId })),
          level ?? 0,
          until,
          jobId,
        );
      else if (source === 'manual') await this.overrides.release(lamps.map((t) => t.deviceId!));
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
      ...recorded,
      pending: targets.length,
      acked: 0,
      failed: 0,
      timeout: 0,
      done: targets.length === 0,
      createBy: by.username,
      createTime: new Date().toISOString(),
      commandIds,
    };
  }
}
