import { describe, expect, it } from 'vitest';
import {
  actionInstant,
  lampActions,
  localDateTime,
  type PlanLamp,
  type PlanStrategy,
  sunTimes,
  winnerFor,
  zonedInstant,
} from './plan';

// The default map centre (Xuzhou).
const LNG = 117.178249;
const LAT = 34.161036;
const TZ = 'Asia/Shanghai';

/**
 * NOAA's solar calculator (General Solar Position, the spreadsheet's equations), written
 * independently of suncalc: sunrise/sunset in minutes after 00:00 UTC of the date.
 */
function noaa(date: string, lat: number, lng: number): { sunrise: number; sunset: number } {
  const rad = Math.PI / 180;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const jd0 = Date.UTC(y, m - 1, d) / 86_400_000 + 2440587.5;
  // Evaluate at the (approximate) solar noon of the place.
  const jd = jd0 + 0.5 - lng / 360;
  const T = (jd - 2451545) / 36525;
  const L0 = (280.46646 + T * (36000.76983 + T * 0.0003032)) % 360;
  const M = 357.52911 + T * (35999.05029 - 0.0001537 * T);
  const e = 0.016708634 - T * (0.000042037 + 0.0000001267 * T);
  const C =
    Math.sin(M * rad) * (1.914602 - T * (0.004817 + 0.000014 * T)) +
    Math.sin(2 * M * rad) * (0.019993 - 0.000101 * T) +
    Math.sin(3 * M * rad) * 0.000289;
  const omega = 125.04 - 1934.136 * T;
  const lambda = L0 + C - 0.00569 - 0.00478 * Math.sin(omega * rad);
  const eps0 = 23 + (26 + (21.448 - T * (46.815 + T * (0.00059 - T * 0.001813))) / 60) / 60;
  const eps = eps0 + 0.00256 * Math.cos(omega * rad);
  const decl = Math.asin(Math.sin(eps * rad) * Math.sin(lambda * rad));
  const yy = Math.tan((eps / 2) * rad) ** 2;
  const eqTime =
    (4 / rad) *
    (yy * Math.sin(2 * L0 * rad) -
      2 * e * Math.sin(M * rad) +
      4 * e * yy * Math.sin(M * rad) * Math.cos(2 * L0 * rad) -
      0.5 * yy * yy * Math.sin(4 * L0 * rad) -
      1.25 * e * e * Math.sin(2 * M * rad));
  const ha =
    Math.acos(
      Math.cos(90.833 * rad) / (Math.cos(lat * rad) * Math.cos(decl)) - Math.tan(lat * rad) * Math.tan(decl),
    ) / rad;
  const noon = 720 - 4 * lng - eqTime;
  return { sunrise: noon - 4 * ha, sunset: noon + 4 * ha };
}

const minutesUtc = (instant: number, date: string) => (instant - Date.parse(`${date}T00:00:00Z`)) / 60_000;

describe('astronomical times at the default centre (117.178249 E, 34.161036 N)', () => {
  for (const date of ['2025-01-15', '2025-03-20', '2025-06-21', '2025-09-23', '2025-12-21']) {
    it(`matches NOAA's algorithm within 2 minutes on ${date}`, () => {
      const ours = sunTimes(date, LAT, LNG, TZ);
      const ref = noaa(date, LAT, LNG);
      expect(Math.abs(minutesUtc(ours.sunrise!, date) - ref.sunrise)).toBeLessThanOrEqual(2);
      expect(Math.abs(minutesUtc(ours.sunset!, date) - ref.sunset)).toBeLessThanOrEqual(2);
    });
  }

  it('gives plausible local times for Xuzhou (summer solstice ≈ 04:58 / 19:27, winter ≈ 07:10 / 17:05)', () => {
    const summer = sunTimes('2025-06-21', LAT, LNG, TZ);
    const winter = sunTimes('2025-12-21', LAT, LNG, TZ);
    const near = (instant: number, hhmm: string, date: string) => {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      return Math.abs(instant - zonedInstant(date, h * 60 + m, TZ)) / 60_000;
    };
    expect(near(summer.sunrise!, '04:58', '2025-06-21')).toBeLessThanOrEqual(4);
    expect(near(summer.sunset!, '19:27', '2025-06-21')).toBeLessThanOrEqual(4);
    expect(near(winter.sunrise!, '07:10', '2025-12-21')).toBeLessThanOrEqual(4);
    expect(near(winter.sunset!, '17:05', '2025-12-21')).toBeLessThanOrEqual(4);
  });

  it('applies the offset and the time zone', () => {
    const place = { latitude: LAT, longitude: LNG };
    const sunset = sunTimes('2025-06-21', LAT, LNG, TZ).sunset!;
    expect(actionInstant({ type: 'sunset', offsetMinutes: 15 }, '2025-06-21', place, TZ)).toBe(
      sunset + 15 * 60_000,
    );
    const clock = actionInstant({ type: 'clock', time: '18:30' }, '2025-06-21', place, TZ)!;
    expect(new Date(clock).toISOString()).toBe('2025-06-21T10:30:00.000Z');
    expect(localDateTime(clock, TZ)).toBe('2025-06-21 18:30');
  });
});

const lamp: PlanLamp = {
  id: 'L1',
  projectId: 'P',
  gatewayId: 'G',
  groupIds: ['GR'],
  latitude: LAT,
  longitude: LNG,
};
const strategy = (over: Partial<PlanStrategy>): PlanStrategy => ({
  id: 'S',
  name: 'S',
  priority: 0,
  updateTime: 0,
  enabled: true,
  startDate: null,
  endDate: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 50 }],
  targets: [{ kind: 'project', id: 'P' }],
  fallbackLevel: null,
  ...over,
});

describe('overlap rule', () => {
  it('higher priority governs the day', () => {
    const low = strategy({ id: 'low', priority: 1, updateTime: 2 });
    const high = strategy({
      id: 'high',
      priority: 5,
      updateTime: 1,
      actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 20 }],
      targets: [{ kind: 'group', id: 'GR' }],
    });
    const actions = lampActions([low, high], lamp, '2025-06-10', TZ);
    expect(actions).toHaveLength(1);
    expect(actions[0]!.strategy.id).toBe('high');
    expect(actions[0]!.targetKey).toBe('group:GR');
    expect(winnerFor([low, high], lamp, '2025-06-10')!.overridden.map((s) => s.id)).toEqual(['low']);
  });

  it('equal priority: the most recently changed wins, then the larger id', () => {
    const older = strategy({ id: 'a', priority: 3, updateTime: 100 });
    const newer = strategy({ id: 'b', priority: 3, updateTime: 200 });
    expect(winnerFor([older, newer], lamp, '2025-06-10')!.strategy.id).toBe('b');
    expect(winnerFor([newer, older], lamp, '2025-06-10')!.strategy.id).toBe('b');
    const tieA = strategy({ id: 'a', priority: 3, updateTime: 100 });
    const tieZ = strategy({ id: 'z', priority: 3, updateTime: 100 });
    expect(winnerFor([tieZ, tieA], lamp, '2025-06-10')!.strategy.id).toBe('z');
  });

  it('a strategy outside its dates or weekdays does not compete', () => {
    const high = strategy({ id: 'high', priority: 9, startDate: '2025-07-01' });
    const weekend = strategy({ id: 'weekend', priority: 8, weekdays: [6, 7] });
    const base = strategy({ id: 'base', priority: 0 });
    // 2025-06-10 is a Tuesday.
    expect(winnerFor([high, weekend, base], lamp, '2025-06-10')!.strategy.id).toBe('base');
    expect(winnerFor([high, weekend, base], lamp, '2025-06-14')!.strategy.id).toBe('weekend');
    expect(winnerFor([high, weekend, base], lamp, '2025-07-01')!.strategy.id).toBe('high');
  });
});
