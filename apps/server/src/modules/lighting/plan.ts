import type { ControlAction, StrategyAction, StrategyTargetKind, TimeSpec } from '@ics/contract/server';
import { getTimes } from 'suncalc';

/**
 * Pure schedule arithmetic: local dates and times in a project's time zone, sunrise/sunset at
 * a pole, and which strategy governs a lamp on a date. No database, no clock: the scheduler,
 * the preview endpoint and the gateway push all call these, so they agree.
 */

const MINUTE = 60_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a time zone. */
export function localParts(instant: number, timeZone: string) {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) p[part.type] = part.value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    seconds: Number(p.second),
  };
}

/** `YYYY-MM-DD HH:mm` of an instant in a time zone. */
export function localDateTime(instant: number, timeZone: string): string {
  const { date, minutes } = localParts(instant, timeZone);
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant of a local date and minute of day in a time zone (DST: the first match). */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  const offsetAt = (t: number) => {
    const l = localParts(t, timeZone);
    const [ly, lm, ld] = l.date.split('-').map(Number) as [number, number, number];
    return Date.UTC(ly, lm - 1, ld, 0, l.minutes, l.seconds) - Math.floor(t / 1000) * 1000;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** Adds days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const sunCache = new Map<string, { sunrise: number | null; sunset: number | null }>();

/**
 * Sunrise and sunset of a local date at a place (NOAA/suncalc, upper limb at −0.833°), to the
 * minute. Coordinates are rounded to 0.01° (≈1 km, a few seconds of sun time) so that a city's
 * poles share a handful of cache entries.
 */
export function sunTimes(
  date: string,
  latitude: number,
  longitude: number,
  timeZone: string,
): { sunrise: number | null; sunset: number | null } {
  const lat = Math.round(latitude * 100) / 100;
  const lng = Math.round(longitude * 100) / 100;
  const key = `${date}|${lat}|${lng}|${timeZone}`;
  let hit = sunCache.get(key);
  if (!hit) {
    const t = getTimes(new Date(zonedInstant(date, 12 * 60, timeZone)), lat, lng);
    const minute = (d: Date | null) =>
      !d || Number.isNaN(d.getTime()) ? null : Math.round(d.getTime() / MINUTE) * MINUTE;
    hit = { sunrise: minute(t.sunrise), sunset: minute(t.sunset) };
    if (sunCache.size > 100_000) sunCache.clear();
    sunCache.set(key, hit);
  }
  return hit;
}

/** The instant of an action's time on a local date at a place; null when the sun does not rise/set. */
export function actionInstant(
  at: TimeSpec,
  date: string,
  place: { latitude: number; longitude: number },
  timeZone: string,
): number | null {
  if (at.type === 'clock') {
    const [h, m] = at.time.split(':').map(Number) as [number, number];
    return zonedInstant(date, h * 60 + m, timeZone);
  }
  const sun = sunTimes(date, place.latitude, place.longitude, timeZone);
  const base = at.type === 'sunset' ? sun.sunset : sun.sunrise;
  return base === null ? null : base + at.offsetMinutes * MINUTE;
}

/** The level an action leaves a lamp at (0 = off). */
export function actionLevel(a: { action: ControlAction; level?: number | undefined }): number {
  if (a.action === 'off') return 0;
  return a.level ?? 100;
}

export type PlanStrategy = {
  id: string;
  name: string;
  priority: number;
  /** Epoch ms of the last change: the tie-break between equal priorities (newer wins). */
  updateTime: number;
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  weekdays: number[];
  actions: StrategyAction[];
  targets: Array<{ kind: StrategyTargetKind; id: string }>;
  fallbackLevel: number | null;
};

/** A lamp as plans need it: where it is and what it belongs to. */
export type PlanLamp = {
  id: string;
  projectId: string;
  gatewayId: string;
  groupIds: string[];
  latitude: number;
  longitude: number;
};

/** Whether a strategy runs on a local date (enabled, date range, weekday). */
export function coversDate(s: PlanStrategy, date: string): boolean {
  if (!s.enabled) return false;
  if (s.startDate && date < s.startDate) return false;
  if (s.endDate && date > s.endDate) return false;
  return s.weekdays.includes(isoWeekday(date));
}

const kindOrder: Record<StrategyTargetKind, number> = { lamp: 0, group: 1, gateway: 2, project: 3 };

/**
 * The target through which a strategy reaches a lamp (`kind:id`), the most specific first;
 * null when it does not reach it.
 */
export function targetKeyFor(s: PlanStrategy, lamp: PlanLamp): string | null {
  let best: { kind: StrategyTargetKind; id: string } | null = null;
  for (const t of s.targets) {
    const hit =
      (t.kind === 'lamp' && t.id === lamp.id) ||
      (t.kind === 'group' && lamp.groupIds.includes(t.id)) ||
      (t.kind === 'gateway' && t.id === lamp.gatewayId) ||
      (t.kind === 'project' && t.id === lamp.projectId);
    if (!hit) continue;
    if (!best || kindOrder[t.kind] < kindOrder[best.kind] || (t.kind === best.kind && t.id < best.id))
      best = t;
  }
  return best ? `${best.kind}:${best.id}` : null;
}

/**
 * The overlap rule. For one lamp and one local date, among the strategies that cover the date
 * and reach the lamp, exactly one governs the whole day: the highest priority; on equal
 * priority the most recently changed; then the larger id (a total order, so every node and
 * every restart picks the same). The others do not act on that lamp that day.
 */
export function compareStrategies(a: PlanStrategy, b: PlanStrategy): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.updateTime !== b.updateTime) return b.updateTime - a.updateTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The governing strategy of a lamp on a date, with the target key it came through and the losers. */
export function winnerFor(
  strategies: PlanStrategy[],
  lamp: PlanLamp,
  date: string,
): { strategy: PlanStrategy; targetKey: string; overridden: PlanStrategy[] } | null {
  const candidates: Array<{ s: PlanStrategy; key: string }> = [];
  for (const s of strategies) {
    if (!coversDate(s, date)) continue;
    const key = targetKeyFor(s, lamp);
    if (key) candidates.push({ s, key });
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => compareStrategies(a.s, b.s));
  const [first, ...rest] = candidates;
  return { strategy: first!.s, targetKey: first!.key, overridden: rest.map((c) => c.s) };
}

/** One action a lamp receives. */
export type PlannedAction = {
  date: string;
  at: number;
  strategy: PlanStrategy;
  targetKey: string;
  actionIndex: number;
  action: StrategyAction;
};

/** Every action of a lamp's governing strategy on a date, in time order. */
export function lampActions(
  strategies: PlanStrategy[],
  lamp: PlanLamp,
  date: string,
  timeZone: string,
): PlannedAction[] {
  const win = winnerFor(strategies, lamp, date);
  if (!win) return [];
  const out: PlannedAction[] = [];
  win.strategy.actions.forEach((action, actionIndex) => {
    const at = actionInstant(action.at, date, lamp, timeZone);
    if (at !== null)
      out.push({ date, at, strategy: win.strategy, targetKey: win.targetKey, actionIndex, action });
  });
  return out.sort((a, b) => a.at - b.at || a.actionIndex - b.actionIndex);
}
