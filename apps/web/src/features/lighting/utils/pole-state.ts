import { type ChildKind, type DeviceStateDto, type PoleMapState, poleMapStateCodes } from '@ics/contract';

/** How a pole is drawn: its lamps lit, dark, faulty or unreachable, or no lamp on it. */
export const poleStates = [
  'on',
  'off',
  'fault',
  'offline',
  'none',
] as const satisfies readonly PoleMapState[];
export type PoleState = PoleMapState;

export const stateColors: Record<PoleState, string> = {
  on: '#fadb14',
  off: '#1677ff',
  fault: '#f5222d',
  offline: '#8c8c8c',
  none: '#bfbfbf',
};

export const mapKinds = [
  'lamp',
  'sensor',
  'screen',
  'speaker',
  'camera',
] as const satisfies readonly ChildKind[];
export const kindBit = (kind: ChildKind): number => 1 << mapKinds.indexOf(kind);

/** State code of a pole (index in the server's `poleMapStateCodes`). */
export const stateCode = (state: PoleState): number => poleMapStateCodes.indexOf(state);
export const stateOfCode = (code: number): PoleState => poleMapStateCodes[code] ?? 'none';

/**
 * Every pole of the map as columns (pole `i` is `codes[i]`, `lng[i]`, …): 100,000 poles cost a
 * few typed arrays instead of 100,000 objects. A pole is named by its index in `version`'s
 * columns; its id is asked for when it is opened (`fetchPoleId`).
 */
export type PoleSet = {
  /** The server's registry version the columns come from. */
  version: string;
  size: number;
  codes: readonly string[];
  lng: Float64Array;
  lat: Float64Array;
  kinds: Uint8Array;
  /** State codes (see stateCode). */
  states: Uint8Array;
};

/** The static columns as received: the binary answer's typed arrays, or plain arrays. */
export type PoleColumnsIn = {
  version: string;
  codes: readonly string[];
  lng: ArrayLike<number>;
  lat: ArrayLike<number>;
  kinds: ArrayLike<number>;
};

/** The server's two answers joined: the static columns and one state digit per pole. */
export function toPoleSet(map: PoleColumnsIn, states: string): PoleSet {
  return { ...staticColumns(map), states: decodeStates(states, map.codes.length) };
}

function staticColumns(map: PoleColumnsIn): Omit<PoleSet, 'states'> {
  return {
    version: map.version,
    size: map.codes.length,
    codes: map.codes,
    lng: map.lng instanceof Float64Array ? map.lng : Float64Array.from(map.lng),
    lat: map.lat instanceof Float64Array ? map.lat : Float64Array.from(map.lat),
    kinds: map.kinds instanceof Uint8Array ? map.kinds : Uint8Array.from(map.kinds),
  };
}

/**
 * The poles with the state digits of a later answer for the same version: the same object when
 * no pole changed, so that a periodic refresh redraws nothing.
 */
export function withStates(poles: PoleSet, states: string): PoleSet {
  const next = decodeStates(states, poles.size);
  for (let i = 0; i < poles.size; i++) if (next[i] !== poles.states[i]) return { ...poles, states: next };
  return poles;
}

/** One digit per pole → codes (a digit out of range reads as `none`). */
export function decodeStates(states: string, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const code = states.charCodeAt(i) - 48;
    out[i] = code >= 0 && code < poleMapStateCodes.length ? code : 0;
  }
  return out;
}

/** A lamp's state from its latest values. */
export function lampState(state: Pick<DeviceStateDto, 'online' | 'values' | 'faults'>): PoleState {
  if (!state.online) return 'offline';
  if (state.faults.length > 0) return 'fault';
  const on = state.values.on;
  const level = typeof state.values.level === 'number' ? state.values.level : on ? 100 : 0;
  return on === true && level > 0 ? 'on' : 'off';
}

/**
 * A pole's state from its lamps' states, as the server's `GET /lighting/pole/mapStates`
 * computes it: the worst (fault > offline > on > off), `none` without lamps.
 */
export function poleState(lamps: readonly PoleState[]): PoleState {
  for (const s of ['fault', 'offline', 'on', 'off'] as const) if (lamps.includes(s)) return s;
  return 'none';
}

/** Which poles match the kind and state filters (empty filters match everything): 1 per shown pole. */
export function visiblePoles(
  poles: PoleSet,
  kinds: readonly ChildKind[],
  states: readonly PoleState[],
): { visible: Uint8Array; count: number } {
  const mask = kinds.reduce((m, k) => m | kindBit(k), 0);
  const wanted = new Uint8Array(poleMapStateCodes.length).fill(states.length === 0 ? 1 : 0);
  for (const s of states) wanted[stateCode(s)] = 1;
  const visible = new Uint8Array(poles.size);
  let count = 0;
  for (let i = 0; i < poles.size; i++) {
    if ((mask === 0 || (poles.kinds[i]! & mask) !== 0) && wanted[poles.states[i]!] === 1) {
      visible[i] = 1;
      count++;
    }
  }
  return { visible, count };
}

/** How many poles are in each state. */
export function countStates(poles: PoleSet): Record<PoleState, number> {
  const byCode = new Array<number>(poleMapStateCodes.length).fill(0);
  for (let i = 0; i < poles.size; i++) byCode[poles.states[i]!]!++;
  return Object.fromEntries(poleMapStateCodes.map((s, code) => [s, byCode[code] ?? 0])) as Record<
    PoleState,
    number
  >;
}

/** Index of the pole with this code (exact, case-insensitive), else the first containing it, else -1. */
export function findPoleIndex(poles: PoleSet, code: string): number {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return -1;
  let partial = -1;
  for (let i = 0; i < poles.size; i++) {
    const c = poles.codes[i]!.toLowerCase();
    if (c === wanted) return i;
    if (partial < 0 && c.includes(wanted)) partial = i;
  }
  return partial;
}

/** Up to `limit` codes containing `text` (case-insensitive), for the search box. */
export function matchingCodes(poles: PoleSet, text: string, limit = 20): string[] {
  const wanted = text.trim().toLowerCase();
  const out: string[] = [];
  if (!wanted) return out;
  for (let i = 0; i < poles.size && out.length < limit; i++)
    if (poles.codes[i]!.toLowerCase().includes(wanted)) out.push(poles.codes[i]!);
  return out;
}
