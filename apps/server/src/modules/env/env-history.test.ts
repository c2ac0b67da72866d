import { describe, expect, it } from 'vitest';
import { granularityFor, toSeries } from './env-history';

const at = (iso: string) => new Date(iso);
const sensor = { id: 's1', name: 'North' };

describe('history granularity', () => {
  it('reads raw readings up to two days, hours up to 60 days, days beyond', () => {
    expect(granularityFor(at('2026-01-01T00:00Z'), at('2026-01-03T00:00Z'))).toBe('raw');
    expect(granularityFor(at('2026-01-01T00:00Z'), at('2026-01-03T00:00:01Z'))).toBe('hour');
    expect(granularityFor(at('2026-01-01T00:00Z'), at('2026-03-02T00:00Z'))).toBe('hour');
    expect(granularityFor(at('2026-01-01T00:00Z'), at('2026-03-03T00:00Z'))).toBe('day');
  });
});

describe('series', () => {
  it('takes raw values as they are and skips readings without the metric', () => {
    const s = toSeries(sensor, 'pm25', 'raw', [
      { ts: '2026-01-01T00:00:00.000Z', pm25: 10 },
      { ts: '2026-01-01T00:00:10.000Z', pm25: null },
      { ts: '2026-01-01T00:00:20.000Z', pm25: 30 },
    ]);
    expect(s.points).toEqual([
      [Date.parse('2026-01-01T00:00:00Z'), 10],
      [Date.parse('2026-01-01T00:00:20Z'), 30],
    ]);
    expect([s.min, s.avg, s.max]).toEqual([10, 20, 30]);
  });

  it('weights rollup averages by samples and prefers the rollup extremes', () => {
    const s = toSeries(sensor, 'temperature', 'hour', [
      {
        ts: '2026-01-01T00:00:00.000Z',
        samples: 3,
        temperatureAvg: 10,
        temperatureMin: 8,
        temperatureMax: 12,
      },
      {
        ts: '2026-01-01T01:00:00.000Z',
        samples: 1,
        temperatureAvg: 20,
        temperatureMin: 19,
        temperatureMax: 25,
      },
    ]);
    expect(s.points.map((p) => p[1])).toEqual([10, 20]);
    expect([s.min, s.avg, s.max]).toEqual([8, 12.5, 25]);
  });

  it('falls back to the averages where a rollup keeps no extreme', () => {
    const s = toSeries(sensor, 'humidity', 'day', [
      { ts: '2026-01-01T00:00:00.000Z', samples: 2, humidityAvg: 40 },
      { ts: '2026-01-02T00:00:00.000Z', samples: 2, humidityAvg: 60 },
    ]);
    expect([s.min, s.avg, s.max]).toEqual([40, 50, 60]);
  });

  it('has no statistics without points', () => {
    const s = toSeries(sensor, 'windDirection', 'hour', [{ ts: '2026-01-01T00:00:00.000Z', samples: 4 }]);
    expect(s).toMatchObject({ points: [], min: null, avg: null, max: null });
  });
});
