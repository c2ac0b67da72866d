import type { ControlAction } from '@ics/contract/server';
import type { OverrideRepository } from '../control/override.repository';
import { actionLevel, addDays, lampActions, localParts, type PlannedAction } from '../plan';
import type { PlanSource, ProjectInfo } from './plan-source';

/** What a lamp's strategy prescribes at an instant: its last action so far and since when. */
export type ScheduledLevel = {
  projectId: string;
  /** 0 when the strategy has switched it off. */
  level: number;
  action: ControlAction;
  /** Epoch ms of that action. */
  since: number;
};

/**
 * The last action of each lamp's governing strategy at or before `now` (yesterday's evening
 * action still rules the night). Lamps without a governing strategy are absent.
 */
export async function lastActions(
  plans: PlanSource,
  project: ProjectInfo,
  now: number,
  lampIds?: string[],
): Promise<Map<string, PlannedAction>> {
  const strategies = await plans.planStrategies(project.id);
  const out = new Map<string, PlannedAction>();
  if (strategies.length === 0) return out;
  const today = localParts(now, project.timeZone).date;
  for (const lamp of await plans.planLamps(project, lampIds ? { lampIds } : {})) {
    const past = [addDays(today, -1), today]
      .flatMap((d) => lampActions(strategies, lamp, d, project.timeZone))
      .filter((a) => a.at <= now);
    const last = past[past.length - 1];
    if (last) out.set(lamp.id, last);
  }
  return out;
}

/**
 * What the strategies prescribe for every lamp they govern at `now`, leaving out lamps a user
 * holds under a manual override (their strategy is suspended). The alarm module compares it
 * with what lamps report (lit against the schedule, dark against it).
 */
export class ScheduledLevels {
  constructor(
    private readonly plans: PlanSource,
    private readonly overrides: OverrideRepository,
  ) {}

  async at(now: Date): Promise<Map<string, ScheduledLevel>> {
    const out = new Map<string, ScheduledLevel>();
    for (const project of await this.plans.projects()) {
      const last = await lastActions(this.plans, project, now.getTime());
      if (last.size === 0) continue;
      const held = await this.overrides.heldAt([...last.keys()], now.toISOString());
      for (const [lampId, a] of last)
        if (!held.has(lampId))
          out.set(lampId, {
            projectId: project.id,
            level: actionLevel(a.action),
            action: a.action.action,
            since: a.at,
          });
    }
    return out;
  }
}
