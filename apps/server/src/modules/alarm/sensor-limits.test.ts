import type { AlarmRuleDto } from '@ics/contract/server';
import { describe, expect, it } from 'vitest';
import { mergeLimits, ruleLimit, type SensorLimit, thresholdRule } from './sensor-limits';

const rule = (params: Record<string, unknown>, code = 'pm25_high'): AlarmRuleDto => ({
  id: 'r1',
  projectId: null,
  type: 'threshold',
  code,
  enabled: true,
  severity: 'minor',
  params,
  escalateAfterMinutes: 30,
  escalateRoleId: 'role-ops',
  escalateUserId: null,
  inherited: false,
});

const envLimit = (code: string, enabled = true): SensorLimit => ({
  code,
  metric: code.split('_')[0]!,
  comparison: 'gt',
  value: 50,
  hysteresis: 0,
  enabled,
  own: { severity: 'critical', durationSeconds: 0 },
});

describe('sensor limits', () => {
  it('reads a threshold rule as a limit of the sensors it names', () => {
    expect(ruleLimit(rule({ metric: 'pm25', comparison: 'gt', value: 150, hysteresis: 10 }), 's1')).toEqual({
      code: 'pm25_high',
      metric: 'pm25',
      comparison: 'gt',
      value: 150,
      hysteresis: 10,
      enabled: true,
      own: null,
    });
    expect(ruleLimit(rule({ metric: 'pm25', value: 150, sensorId: 's2' }), 's1')).toBeNull();
    expect(ruleLimit(rule({ metric: 'pm25', value: 'high' }), 's1')).toBeNull();
  });

  it("lets a sensor's environment limit replace the rule of its code, and a switched-off one silence it", () => {
    const rules = [
      ruleLimit(rule({ metric: 'pm25', value: 150 }), 's1')!,
      ruleLimit(rule({ metric: 'noise', value: 70 }, 'noise_high'), 's1')!,
    ];
    const merged = mergeLimits(rules, [envLimit('pm25_high'), envLimit('noise_high', false)]);
    expect(merged.map((l) => [l.code, l.value, l.own?.severity ?? null])).toEqual([
      ['pm25_high', 50, 'critical'],
    ]);
  });

  it("takes an environment limit's severity and duration, and the rule's escalation", () => {
    const effective = {
      enabled: false,
      severity: 'minor' as const,
      params: { durationSeconds: 600 },
      escalateAfterMinutes: 30,
      escalateRoleId: 'role-ops',
      escalateUserId: null,
    };
    expect(thresholdRule(effective, { own: { severity: 'major', durationSeconds: 60 } })).toEqual({
      enabled: true,
      severity: 'major',
      params: { durationSeconds: 60 },
      escalateAfterMinutes: 30,
      escalateRoleId: 'role-ops',
      escalateUserId: null,
    });
    expect(thresholdRule(null, { own: { severity: 'warning', durationSeconds: 5 } })?.severity).toBe(
      'warning',
    );
    expect(thresholdRule(effective, { metric: 'pm25' })).toBe(effective);
  });
});
