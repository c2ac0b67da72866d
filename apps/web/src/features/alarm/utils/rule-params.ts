import type { AlarmRuleDto, AlarmType } from '@ics/contract';

/** The parameters each rule type takes (see `AlarmRuleDto.params`), in the order the form shows them. */
export const ruleParamFields: Record<AlarmType, readonly string[]> = {
  fault: [],
  offline: ['graceSeconds'],
  threshold: ['metric', 'comparison', 'value', 'durationSeconds', 'hysteresis'],
  anomaly: ['tolerancePercent', 'toleranceMinutes'],
  supply: [],
};

/** Fields holding text rather than numbers. */
export const TEXT_PARAMS = new Set(['metric', 'comparison', 'sensorId']);

/** The parameters of a rule as `name value` pairs for the table, in the form's order. */
export function paramEntries(rule: Pick<AlarmRuleDto, 'type' | 'params'>): Array<[string, string]> {
  const known = ruleParamFields[rule.type];
  const names = [...known, ...Object.keys(rule.params).filter((k) => !known.includes(k))];
  return names
    .filter((name) => rule.params[name] !== undefined && rule.params[name] !== null)
    .map((name) => [name, String(rule.params[name])]);
}

/** The form's values as the params the server takes: empty fields left out, numbers as numbers. */
export function toParams(type: AlarmType, values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const name of ruleParamFields[type]) {
    const v = values[name];
    if (v === undefined || v === null || v === '') continue;
    out[name] = TEXT_PARAMS.has(name) ? String(v) : Number(v);
  }
  return out;
}
