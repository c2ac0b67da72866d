import { describe, expect, it } from 'vitest';
import type { EnvThreshold } from './env.repository';
import { effectiveFor, thresholdCode, toThresholdDto } from './env-thresholds';

const limit = (over: Partial<EnvThreshold>): EnvThreshold => ({
  id: 't',
  projectId: 'p',
  sensorId: null,
  metric: 'pm25',
  comparison: 'gt',
  value: 75,
  durationSeconds: 60,
  hysteresis: 0,
  severity: 'warning',
  enabled: true,
  ...over,
});

describe('thresholds', () => {
  it('names the alarm code by metric and direction', () => {
    expect(thresholdCode({ metric: 'pm25', comparison: 'gt' })).toBe('pm25_high');
    expect(thresholdCode({ metric: 'temperature', comparison: 'lt' })).toBe('temperature_low');
  });

  it("prefers a sensor's own limit over its project's, ignores other sensors' and disabled ones", () => {
    const project = limit({ id: 'project' });
    const own = limit({ id: 'own', sensorId: 's1', value: 50 });
    const other = limit({ id: 'other', sensorId: 's2' });
    const low = limit({ id: 'low', comparison: 'lt', metric: 'temperature', value: -5 });
    const off = limit({ id: 'off', metric: 'noise', enabled: false });
    expect(effectiveFor('s1', [project, own, other, low, off]).map((t) => t.id)).toEqual(['own', 'low']);
    expect(effectiveFor('s3', [own, project]).map((t) => t.id)).toEqual(['project']);
    // A disabled own limit switches the metric off for the sensor rather than falling back.
    expect(effectiveFor('s1', [project, limit({ id: 'mute', sensorId: 's1', enabled: false })])).toEqual([]);
  });

  it('shows a threshold as a rule of type threshold, inherited when asked about a sensor', () => {
    const dto = toThresholdDto(limit({ id: 'x' }), 's1');
    expect(dto).toMatchObject({ id: 'x', type: 'threshold', code: 'pm25_high', inherited: true });
    expect(dto.params).toMatchObject({ metric: 'pm25', comparison: 'gt', value: 75, sensorId: null });
    expect(toThresholdDto(limit({}), undefined).inherited).toBe(false);
  });
});
