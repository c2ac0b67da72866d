import { type AlarmPoleDto, type AlarmSeverity, alarmSeverities } from '@ics/contract';
import type { PoleSet } from './pole-state';

/**
 * A pole's alarm level as the map draws it: 0 without active alarms, else 1 (warning) … 4
 * (critical), so that the worst of a cluster is the largest.
 */
export const alarmLevel = (severity: AlarmSeverity): number =>
  alarmSeverities.length - alarmSeverities.indexOf(severity);

/** The two ring colours of alarmed poles: red for critical and major, orange for minor and warning. */
export type AlarmTone = 'high' | 'low';
export const alarmTone = (level: number): AlarmTone => (level >= alarmLevel('major') ? 'high' : 'low');
export const alarmColors: Record<AlarmTone, string> = { high: '#a8071a', low: '#fa8c16' };

/** The alarmed poles of the map: a level per pole in the columns' order, the answers by index. */
export type PoleAlarms = {
  levels: Uint8Array;
  byIndex: Map<number, AlarmPoleDto>;
  /** Alarmed poles found on the map, by ring colour. */
  counts: Record<AlarmTone, number>;
};

/** Code → indices of the poles with that code (several when projects share a code), per column set. */
const codeIndexes = new WeakMap<readonly string[], Map<string, number[]>>();

function indexesOf(poles: PoleSet): Map<string, number[]> {
  let byCode = codeIndexes.get(poles.codes);
  if (!byCode) {
    byCode = new Map();
    for (let i = 0; i < poles.size; i++) {
      const code = poles.codes[i]!;
      const list = byCode.get(code);
      if (list) list.push(i);
      else byCode.set(code, [i]);
    }
    codeIndexes.set(poles.codes, byCode);
  }
  return byCode;
}

/**
 * Finds the alarm answer's poles on the map. The map's columns carry no ids: a pole is found by
 * its code, and among poles of several projects sharing that code, by the nearest position.
 * Poles not on the map (another project filter, added since) are left out.
 */
export function placeAlarms(poles: PoleSet, alarmed: readonly AlarmPoleDto[]): PoleAlarms {
  const levels = new Uint8Array(poles.size);
  const byIndex = new Map<number, AlarmPoleDto>();
  const counts: Record<AlarmTone, number> = { high: 0, low: 0 };
  if (alarmed.length === 0) return { levels, byIndex, counts };
  const byCode = indexesOf(poles);
  for (const a of alarmed) {
    const candidates = byCode.get(a.code);
    if (!candidates) continue;
    let index = candidates[0]!;
    if (candidates.length > 1) {
      let best = Infinity;
      for (const i of candidates) {
        const distance = Math.abs(poles.lng[i]! - a.lng) + Math.abs(poles.lat[i]! - a.lat);
        if (distance < best) {
          best = distance;
          index = i;
        }
      }
    }
    if (byIndex.has(index)) continue;
    const level = alarmLevel(a.severity);
    levels[index] = level;
    byIndex.set(index, a);
    counts[alarmTone(level)]++;
  }
  return { levels, byIndex, counts };
}
