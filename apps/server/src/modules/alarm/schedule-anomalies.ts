import type { ScheduledLevel } from '../lighting';
import type { AlarmRepository } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';
import { lampAnomaly, lampKey, settleAnomalies } from './lamp-anomaly';
import type { RuleService } from './rule.service';

const MINUTE = 60_000;
const CODES = ['schedule_lit', 'schedule_dark'] as const;
const keyOf = lampKey;

/** What the strategies prescribe for each lamp they govern at an instant (the lighting module). */
export type ScheduleSource = (now: Date) => Promise<ReadonlyMap<string, ScheduledLevel>>;

/**
 * Lamps against their schedule, more than the rule's `toleranceMinutes` after the strategy's last
 * action: `schedule_lit` when it switched them off and they report lit, `schedule_dark` when it
 * switched them on and they report dark. Lamps under a manual override are not held to their
 * strategy; offline lamps keep what they had (their offline alarm speaks for them). An alarm
 * clears when the lamp follows its schedule again or no strategy governs it any more.
 */
export class ScheduleAnomalies {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly engine: AlarmEngine,
    private readonly rules: RuleService,
    private readonly schedule: ScheduleSource,
  ) {}

  async evaluate(now: Date): Promise<void> {
    const [scheduled, known] = await Promise.all([this.schedule(now), this.repo.activeKeys('anomaly')]);
    const lamps = await this.repo.lampStates([...scheduled.keys()]);
    const raise: Condition[] = [];
    const holding = new Set<string>();
    for (const lamp of lamps) {
      const plan = scheduled.get(lamp.id);
      if (!plan) continue;
      if (!lamp.online) {
        for (const code of CODES) holding.add(keyOf(lamp.id, code));
        continue;
      }
      const code =
        lamp.lit && plan.level === 0 ? 'schedule_lit' : !lamp.lit && plan.level > 0 ? 'schedule_dark' : null;
      if (!code) continue;
      const rule = await this.rules.effective(lamp.project_id, 'anomaly', code);
      if (!rule?.enabled) continue;
      const tolerance = Number(rule.params.toleranceMinutes ?? 15) * MINUTE;
      if (now.getTime() - plan.since <= tolerance) continue;
      holding.add(keyOf(lamp.id, code));
      raise.push(
        lampAnomaly(lamp, code, now, {
          scheduled: plan.action,
          level: plan.level,
          since: new Date(plan.since).toISOString(),
        }),
      );
    }
    await settleAnomalies(this.engine, known, CODES, raise, holding, now);
  }
}
