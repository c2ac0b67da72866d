import type { AlarmRuleDto, AlarmSeverity } from '@ics/contract/server';
import type { EffectiveRule } from './rule.service';

/**
 * A limit a sensor's metric is held to. Two places set them: threshold rules on the rules page
 * (per project, optionally naming one sensor) and the environment pages' thresholds (per project
 * or per sensor, each with its own severity and duration). For the same code a sensor's
 * environment limit wins over a rule.
 */
export type SensorLimit = {
  code: string;
  metric: string;
  comparison: 'gt' | 'lt';
  value: number;
  hysteresis: number;
  enabled: boolean;
  /** Set for an environment limit: it carries its own severity and duration. */
  own: { severity: AlarmSeverity; durationSeconds: number } | null;
};

/** The environment module's limits of a project: a function giving those a sensor is held to. */
export type SensorLimitSource = (projectId: string) => Promise<(sensorId: string) => readonly SensorLimit[]>;

/** A threshold rule as a limit of one sensor (null: the rule names another sensor or is incomplete). */
export function ruleLimit(rule: AlarmRuleDto, sensorId: string): SensorLimit | null {
  const p = rule.params;
  if (p.sensorId && p.sensorId !== sensorId) return null;
  const value = Number(p.value);
  if (typeof p.metric !== 'string' || !Number.isFinite(value)) return null;
  return {
    code: rule.code,
    metric: p.metric,
    comparison: p.comparison === 'lt' ? 'lt' : 'gt',
    value,
    hysteresis: Number(p.hysteresis ?? 0) || 0,
    enabled: rule.enabled,
    own: null,
  };
}

/**
 * The enabled limits of a sensor, one per code: its environment limits replace rules of the same
 * code (a disabled environment limit switches that code off for the sensor).
 */
export function mergeLimits(rules: readonly SensorLimit[], env: readonly SensorLimit[]): SensorLimit[] {
  const byCode = new Map<string, SensorLimit>();
  for (const l of rules) byCode.set(l.code, l);
  for (const l of env) byCode.set(l.code, l);
  return [...byCode.values()].filter((l) => l.enabled);
}

/** What a threshold condition's detail says of its environment limit (kept through a pending wait). */
const ownOf = (detail: Record<string, unknown>): SensorLimit['own'] => {
  const own = detail.own;
  if (typeof own !== 'object' || own === null) return null;
  const { severity, durationSeconds } = own as Record<string, unknown>;
  if (typeof severity !== 'string') return null;
  return { severity: severity as AlarmSeverity, durationSeconds: Number(durationSeconds) || 0 };
};

/**
 * The rule that applies to a threshold condition: an environment limit's severity and duration,
 * with the escalation of the rule of the same code when there is one; otherwise the rule itself.
 */
export function thresholdRule(
  rule: EffectiveRule | null,
  detail: Record<string, unknown>,
): EffectiveRule | null {
  const own = ownOf(detail);
  if (!own) return rule;
  return {
    enabled: true,
    severity: own.severity,
    params: { durationSeconds: own.durationSeconds },
    escalateAfterMinutes: rule?.escalateAfterMinutes ?? null,
    escalateRoleId: rule?.escalateRoleId ?? null,
    escalateUserId: rule?.escalateUserId ?? null,
  };
}
