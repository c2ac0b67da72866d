import type { AlarmPoleDto, AlarmSeverity } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { alarmColors, alarmLevel, alarmTone, placeAlarms } from './pole-alarms';
import { PoleGrid } from './pole-grid';
import { kindBit, toPoleSet, visiblePoles } from './pole-state';

/** Four poles; two projects both have a pole `P-2` (at different places). */
const set = () =>
  toPoleSet(
    {
      version: '3',
      codes: ['P-1', 'P-2', 'P-3', 'P-2'],
      lng: [117.1, 117.1001, 117.2, 118.5],
      lat: [34.1, 34.1001, 34.2, 35.5],
      kinds: new Array(4).fill(kindBit('lamp')),
    },
    '2222',
  );
const alarm = (code: string, severity: AlarmPoleDto['severity'], lng: number, lat: number, count = 1) => ({
  poleId: `id-${code}-${lng}`,
  code,
  lng,
  lat,
  severity,
  count,
});

describe('alarmed poles on the map', () => {
  it('ranks severities so that the worst is the highest, red for critical and major, orange below', () => {
    expect(['warning', 'minor', 'major', 'critical'].map((s) => alarmLevel(s as AlarmSeverity))).toEqual([
      1, 2, 3, 4,
    ]);
    expect([1, 2, 3, 4].map(alarmTone)).toEqual(['low', 'low', 'high', 'high']);
    expect(alarmColors.high).not.toBe(alarmColors.low);
  });

  it('finds each alarmed pole by code, and by position where projects share a code', () => {
    const poles = set();
    const placed = placeAlarms(poles, [
      alarm('P-2', 'minor', 118.5, 35.5, 3),
      alarm('P-3', 'critical', 117.2, 34.2, 2),
      alarm('GONE', 'major', 1, 1),
    ]);
    expect([...placed.levels]).toEqual([0, 0, 4, 2]);
    expect(placed.byIndex.get(3)).toMatchObject({ code: 'P-2', count: 3 });
    expect(placed.byIndex.get(1)).toBeUndefined();
    expect(placed.counts).toEqual({ high: 1, low: 1 });
    expect(placeAlarms(poles, []).byIndex.size).toBe(0);
  });

  it('gives a cluster the worst alarm of its poles, and each pole its own', () => {
    const poles = set();
    const grid = new PoleGrid(poles);
    const all = visiblePoles(poles, [], []).visible;
    const { levels } = placeAlarms(poles, [
      alarm('P-1', 'warning', 117.1, 34.1),
      alarm('P-2', 'major', 117.1001, 34.1001),
    ]);
    const world = { bounds: [-180, -85, 180, 85] as [number, number, number, number] };
    const far = grid.items(poles, all, { ...world, zoom: 3, cellPx: 45, alarms: levels });
    expect(far.data.features[0]?.properties).toMatchObject({ n: 3, a: 3 });
    const near = grid.items(poles, all, { ...world, zoom: 18, cellPx: 2, alarms: levels });
    expect(near.data.features.map((f) => [f.properties?.id, f.properties?.a])).toEqual([
      ['0', 1],
      ['1', 3],
      ['2', 0],
      ['3', 0],
    ]);
  });
});
