import type { ChildKind, DeviceStateDto, PoleMapRow, PoleMapState } from '@ics/contract';
import type { FeatureCollection, Point } from 'geojson';

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

/** A pole on the map. */
export type MapPole = {
  id: string;
  code: string;
  lng: number;
  lat: number;
  /** Bit set of the device kinds mounted on it (see kindBit). */
  kinds: number;
  state: PoleState;
};

/** A lamp's state from its latest values. */
export function lampState(state: Pick<DeviceStateDto, 'online' | 'values' | 'faults'>): PoleState {
  if (!state.online) return 'offline';
  if (state.faults.length > 0) return 'fault';
  const on = state.values.on;
  const level = typeof state.values.level === 'number' ? state.values.level : on ? 100 : 0;
  return on === true && level > 0 ? 'on' : 'off';
}

/**
 * A pole's state from its lamps' states, as the server's `GET /lighting/pole/map` computes it:
 * the worst (fault > offline > on > off), `none` without lamps.
 */
export function poleState(lamps: readonly PoleState[]): PoleState {
  for (const s of ['fault', 'offline', 'on', 'off'] as const) if (lamps.includes(s)) return s;
  return 'none';
}

/** A pole of the server's compact map answer. */
export function fromMapRow([id, code, lng, lat, state, kinds]: PoleMapRow): MapPole {
  return { id, code, lng, lat, state, kinds };
}

/** Poles that match the kind and state filters (empty filters match everything). */
export function filterPoles(
  poles: readonly MapPole[],
  kinds: readonly ChildKind[],
  states: readonly PoleState[],
): MapPole[] {
  const mask = kinds.reduce((m, k) => m | kindBit(k), 0);
  return poles.filter(
    (p) => (mask === 0 || (p.kinds & mask) !== 0) && (states.length === 0 || states.includes(p.state)),
  );
}

/** GeoJSON for the map source: only what drawing and clicking need. */
export function toFeatureCollection(poles: readonly MapPole[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: poles.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { id: p.id, s: p.state },
    })),
  };
}
