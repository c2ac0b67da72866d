import type { DeviceLookup, LampTarget } from '../../device';
import type { ControlService } from '../control/control.service';
import type { OverrideRepository } from '../control/override.repository';
import { addDays, lampActions, localParts, type PlanLamp, type PlannedAction } from '../plan';
import type { GatewayScheduleService } from '../schedule/gateway-schedule.service';
import type { PlanSource } from '../strategy/plan-source';
import { lastActions } from '../strategy/scheduled-levels';
import type { Clock } from './clock';
import type { ExecutionRepository } from './execution.repository';
import type { LeaderLock } from './leader';

export type SchedulerOptions = {
  /** Actions missed by up to this much (a restart, a slow tick) are still executed. */
  graceMs: number;
  /** How often the scheduler looks for due actions. */
  intervalMs: number;
  /** How often gateways holding an outdated schedule get the current one (0 = never). */
  pushEveryMs: number;
};

export const defaultSchedulerOptions: SchedulerOptions = {
  graceMs: 10 * 60_000,
  intervalMs: 15_000,
  pushEveryMs: 10 * 60_000,
};

export type SchedulerLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** What the scheduler works with: the plans, the records of what it did, and how it sends. */
export type SchedulerParts = {
  leader: LeaderLock;
  plans: PlanSource;
  executions: ExecutionRepository;
  overrides: OverrideRepository;
  schedules: GatewayScheduleService;
  control: ControlService;
  devices: DeviceLookup;
  /** Whether commands can be sent (the device bus is up). */
  ready: () => boolean;
};

export type TickResult = {
  leader: boolean;
  /** Executions this tick recorded (executed or skipped). */
  executed: Array<{
    strategyId: string;
    targetKey: string;
    actionIndex: number;
    plannedTime: string;
    lamps: number;
    jobId: string | null;
    status: string;
  }>;
  overridesEnded: number;
};

type Bucket = {
  projectId: string;
  action: PlannedAction;
  lamps: PlanLamp[];
};

/**
 * Runs strategies. Every `intervalMs` the leader (one node, through an advisory lock) computes
 * for each project the actions of the governing strategy of every lamp (the overlap rule in
 * plan.ts) whose planned time fell within the last `graceMs`, groups the lamps by
 * (strategy, target, action, planned minute), and claims each group by inserting its row into
 * `lighting_execution`, whose unique key is exactly that tuple. Only a successful insert
 * executes: a restart, a second node or a repeated tick finds the row and does nothing, and a
 * restart within the grace window still finds the actions it missed. Lamps under a manual
 * override are left alone (the execution records how many were sent); when an override ends,
 * the lamps get the level their strategy prescribes at that moment.
 */
export class LightingScheduler {
  private readonly leader: LeaderLock;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<TickResult> | null = null;
  private lastPush = 0;

  constructor(
    private readonly parts: SchedulerParts,
    private readonly clock: Clock,
    private readonly log: SchedulerLog,
    private readonly options: SchedulerOptions = defaultSchedulerOptions,
  ) {
    this.leader = parts.leader;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
    await this.leader.stop();
  }

  /** One pass; concurrent calls share it. */
  tick(): Promise<TickResult> {
    if (!this.ticking)
      this.ticking = this.runTick()
        .catch((err: Error) => {
          this.log.error({ err }, 'lighting scheduler tick failed');
          return { leader: this.leader.held, executed: [], overridesEnded: 0 };
        })
        .finally(() => {
          this.ticking = null;
        });
    return this.ticking;
  }

  private async runTick(): Promise<TickResult> {
    const result: TickResult = { leader: false, executed: [], overridesEnded: 0 };
    // Without the device bus nothing could be sent: leave the actions for a later tick (within grace).
    if (!this.parts.ready()) return result;
    if (!(await this.leader.acquire())) return result;
    result.leader = true;
    const now = this.clock.now().getTime();
    const from = now - this.options.graceMs;
    const { plans } = this.parts;
    for (const project of await plans.projects()) {
      const strategies = await plans.planStrategies(project.id);
      if (strategies.length === 0) continue;
      const lamps = await plans.planLamps(project);
      const today = localParts(now, project.timeZone).date;
      const dates = [addDays(today, -1), today];
      const buckets = new Map<string, Bucket>();
      for (const lamp of lamps)
        for (const date of dates)
          for (const a of lampActions(strategies, lamp, date, project.timeZone)) {
            if (a.at <= from || a.at > now) continue;
            const key = `${a.strategy.id}|${a.targetKey}|${a.actionIndex}|${a.at}`;
            const b = buckets.get(key);
            if (b) b.lamps.push(lamp);
            else buckets.set(key, { projectId: project.id, action: a, lamps: [lamp] });
          }
      const ordered = [...buckets.values()].sort(
        (x, y) => x.action.at - y.action.at || x.action.actionIndex - y.action.actionIndex,
      );
      for (const b of ordered) result.executed.push(...(await this.execute(b)));
    }
    result.overridesEnded = await this.endOverrides(now);
    if (this.options.pushEveryMs > 0 && Date.now() - this.lastPush >= this.options.pushEveryMs) {
      this.lastPush = Date.now();
      await this.pushStale(now);
    }
    return result;
  }

  private async execute(b: Bucket): Promise<TickResult['executed']> {
    const a = b.action;
    const level = a.action.action === 'off' ? 0 : (a.action.level ?? null);
    const planned = new Date(a.at).toISOString();
    const { executions, overrides } = this.parts;
    const claimed = await executions.claim({
      strategyId: a.strategy.id,
      projectId: b.projectId,
      targetKey: a.targetKey,
      actionIndex: a.actionIndex,
      plannedTime: planned,
      action: a.action.action,
      level,
      lamps: b.lamps.length,
    });
    if (claimed === undefined) return [];
    const record = {
      strategyId: a.strategy.id,
      targetKey: a.targetKey,
      actionIndex: a.actionIndex,
      plannedTime: planned,
    };
    try {
      const overridden = await overrides.heldAt(
        b.lamps.map((l) => l.id),
        planned,
      );
      const targets = await this.targets(b.lamps.filter((l) => !overridden.has(l.id)).map((l) => l.id));
      if (targets.length === 0) {
        await executions.skipped(claimed);
        return [{ ...record, lamps: 0, jobId: null, status: 'skipped' }];
      }
      const job = await this.parts.control.send(
        targets,
        { action: a.action.action, level: a.action.level },
        'strategy',
        { username: 'scheduler', userId: null },
      );
      await executions.done(
        claimed,
        job.id,
        targets.length,
        overridden.size ? `${overridden.size} overridden` : null,
      );
      this.log.info({ ...record, lamps: targets.length, jobId: job.id }, 'strategy action executed');
      return [{ ...record, lamps: targets.length, jobId: job.id, status: 'done' }];
    } catch (err) {
      await executions.failed(claimed, String((err as Error).message).slice(0, 256)).catch(() => undefined);
      return [{ ...record, lamps: 0, jobId: null, status: 'failed' }];
    }
  }

  private async targets(lampIds: string[]): Promise<LampTarget[]> {
    if (lampIds.length === 0) return [];
    return this.parts.devices.lampTargets({ lampIds }, {});
  }

  /** Overrides past their end: the lamps return to what their strategy prescribes now. */
  private async endOverrides(now: number): Promise<number> {
    const ended = await this.parts.overrides.endBy(new Date(now).toISOString());
    if (ended.length === 0) return 0;
    const byProject = new Map<string, string[]>();
    for (const r of ended) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r.device_id]);
    const { plans } = this.parts;
    for (const project of await plans.projects([...byProject.keys()])) {
      const last = await lastActions(plans, project, now, byProject.get(project.id)!);
      const groups = new Map<string, { action: PlannedAction; ids: string[] }>();
      for (const [lampId, action] of last) {
        const key = `${action.action.action}|${action.action.level ?? ''}`;
        const g = groups.get(key) ?? { action, ids: [] };
        g.ids.push(lampId);
        groups.set(key, g);
      }
      for (const g of groups.values()) {
        const targets = await this.targets(g.ids);
        if (targets.length)
          await this.parts.control
            .send(targets, { action: g.action.action.action, level: g.action.action.level }, 'override-end', {
              username: 'scheduler',
              userId: null,
            })
            .catch((err: Error) => this.log.error({ err }, 'returning lamps to their strategy failed'));
      }
    }
    return ended.length;
  }

  private async pushStale(now: number) {
    try {
      const stale = await this.parts.schedules.stale(now);
      if (stale.length)
        await this.parts.schedules.push(
          { username: 'scheduler', userId: null },
          'all',
          { gatewayIds: stale, fallbackAfterSeconds: 300 },
          now,
        );
    } catch (err) {
      this.log.error({ err }, 'pushing schedules to gateways failed');
    }
  }
}
