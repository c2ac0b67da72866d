import type { AlarmRepository, AlarmRow, Clear, FoldScope, Raise } from './alarm.repository';
import type { AlarmNotifier } from './notifier';
import type { EffectiveRule, RuleService } from './rule.service';
import { thresholdRule } from './sensor-limits';

/** A condition a source reports: raised as an alarm (now or after its rule's grace period). */
export type Condition = Omit<Raise, 'severity' | 'escalateAt' | 'escalateRoleId' | 'escalateUserId'>;

const conditionKey = (c: { sourceKind: string; sourceId: string; code: string }) =>
  `${c.sourceKind}:${c.sourceId}:${c.code}`;

/**
 * Turns conditions into alarms: applies the rules (enabled, severity, escalation, grace period),
 * raises or repeats alarms in one statement per batch, folds the alarms behind an offline gateway
 * under its alarm, clears alarms whose condition went away, writes the timeline and tells the
 * notifier. Safe on any number of API nodes: every write is a single conditional statement.
 */
export class AlarmEngine {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly rules: RuleService,
    private readonly notifier: AlarmNotifier,
  ) {}

  /** The rule of a condition; a sensor's environment limit brings its own severity and duration. */
  private async ruleFor(c: Condition): Promise<EffectiveRule | null> {
    const rule = await this.rules.effective(c.projectId, c.type, c.code);
    return c.type === 'threshold' ? thresholdRule(rule, c.detail) : rule;
  }

  /**
   * Conditions that hold: those whose rule has a grace period (`graceSeconds`, or a threshold's
   * `durationSeconds`) wait as pending, the others are raised at once.
   */
  async observe(conditions: readonly Condition[]): Promise<AlarmRow[]> {
    const now: Condition[] = [];
    const later: Array<Condition & { due: Date }> = [];
    for (const c of conditions) {
      const rule = await this.ruleFor(c);
      if (!rule?.enabled) continue;
      const wait = Number(rule.params.graceSeconds ?? rule.params.durationSeconds ?? 0);
      if (wait > 0) later.push({ ...c, due: new Date(c.at.getTime() + wait * 1000) });
      else now.push(c);
    }
    await this.repo.addPending(later);
    return this.raise(now);
  }

  /** Raises (or repeats) alarms for conditions now, whatever their grace period. */
  async raise(conditions: readonly Condition[]): Promise<AlarmRow[]> {
    const merged = new Map<string, Raise & { times: number }>();
    for (const c of conditions) {
      const rule = await this.ruleFor(c);
      if (!rule?.enabled) continue;
      const k = conditionKey(c);
      const seen = merged.get(k);
      if (seen) {
        seen.times++;
        if (c.at > seen.at) seen.at = c.at;
        continue;
      }
      const escalateAt =
        rule.escalateAfterMinutes && (rule.escalateRoleId || rule.escalateUserId)
          ? new Date(c.at.getTime() + rule.escalateAfterMinutes * 60_000)
          : null;
      merged.set(k, {
        ...c,
        severity: rule.severity,
        escalateAt,
        escalateRoleId: rule.escalateRoleId,
        escalateUserId: rule.escalateUserId,
        times: 1,
      });
    }
    if (merged.size === 0) return [];
    const rows = await this.repo.raise([...merged.values()]);
    const raised = rows.filter((r) => r.inserted);
    const repeated = rows.filter((r) => !r.inserted);
    await this.repo.addEvents([
      ...raised.map((r) => ({
        alarmId: r.id,
        action: 'raised' as const,
        actor: null,
        detail: r.parent_id ? { ...r.detail, parentId: r.parent_id } : r.detail,
      })),
      ...repeated.map((r) => ({
        alarmId: r.id,
        action: 'repeated' as const,
        actor: null,
        detail: { count: r.count },
      })),
    ]);
    for (const r of raised)
      if (r.source_kind === 'gateway' && r.code === 'gateway_offline' && r.gateway_id)
        await this.fold(r.id, { gatewayId: r.gateway_id });
    await this.notifier.announce('raised', raised);
    return rows;
  }

  /**
   * Folds the active top-level alarms of a scope under a parent alarm, with a timeline line on
   * each and one on the parent; answers those folded (none when all were folded already).
   */
  async fold(parentId: string, scope: FoldScope): Promise<string[]> {
    const folded = await this.repo.foldUnder(parentId, scope);
    if (folded.length)
      await this.repo.addEvents([
        ...folded.map((id) => ({
          alarmId: id,
          action: 'folded' as const,
          actor: null,
          detail: { parentId },
        })),
        { alarmId: parentId, action: 'folded', actor: null, detail: { children: folded.length } },
      ]);
    return folded;
  }

  /** Conditions gone: pending ones are forgotten, alarms cleared (closed when already resolved). */
  async clear(clears: readonly Clear[]): Promise<AlarmRow[]> {
    if (clears.length === 0) return [];
    await this.repo.dropPending(clears);
    const rows = await this.repo.clear([...new Map(clears.map((c) => [conditionKey(c), c])).values()]);
    await this.repo.addEvents(rows.map((r) => ({ alarmId: r.id, action: 'cleared' as const, actor: null })));
    await this.notifier.announce('cleared', rows);
    return rows;
  }

  /** Raises the pending conditions whose grace period is over. */
  async raiseDue(now: Date): Promise<AlarmRow[]> {
    const due = await this.repo.takeDuePending(now);
    return this.raise(due);
  }

  /** Escalates open alarms left unacknowledged past their rule's time. */
  async escalateDue(now: Date): Promise<AlarmRow[]> {
    const rows = await this.repo.takeEscalations(now);
    if (rows.length === 0) return rows;
    await this.repo.addEvents(
      rows.map((r) => ({
        alarmId: r.id,
        action: 'escalated' as const,
        actor: null,
        detail: { roleId: r.escalate_role_id, userId: r.escalate_user_id },
      })),
    );
    await this.notifier.escalate(rows);
    return rows;
  }
}
