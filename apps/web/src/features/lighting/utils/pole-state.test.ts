import { poleKindBit } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { clusterState, DOT_CELL_PX, PoleGrid, poleBounds } from './pole-grid';
import {
  countStates,
  findPoleIndex,
  kindBit,
  lampState,
  mapKinds,
  matchingCodes,
  poleState,
  toPoleSet,
  visiblePoles,
  withStates,
} from './pole-state';

/** Three poles as the server answers them: P-1 on (lamp), P-2 off (lamp + camera), P-3 fault (lamp). */
const set = () =>
  toPoleSet(
    {
      version: '7',
      codes: ['P-1', 'P-2', 'P-3'],
      lng: [117.1, 117.1001, 117.2],
      lat: [34.1, 34.1001, 34.2],
      kinds: [kindBit('lamp'), kindBit('lamp') | kindBit('camera'), kindBit('lamp')],
    },
    '214',
  );

describe('pole state', () => {
  it('derives a lamp state from its values', () => {
    expect(lampState({ online: false, values: { on: true }, faults: [] })).toBe('offline');
    expect(lampState({ online: true, values: { on: true, level: 50 }, faults: ['lampFailure'] })).toBe(
      'fault',
    );
    expect(lampState({ online: true, values: { on: true, level: 50 }, faults: [] })).toBe('on');
    expect(lampState({ online: true, values: { on: true, level: 0 }, faults: [] })).toBe('off');
    expect(lampState({ online: true, values: { on: false }, faults: [] })).toBe('off');
  });

  it('derives a pole state from its lamps: the worst, none without lamps', () => {
    expect(poleState(['on', 'fault', 'offline'])).toBe('fault');
    expect(poleState(['off', 'on'])).toBe('on');
    expect(poleState(['on', 'offline'])).toBe('offline');
    expect(poleState(['off'])).toBe('off');
    expect(poleState([])).toBe('none');
  });

  it('takes later state digits, keeping the same poles object when none changed', () => {
    const poles = set();
    expect(withStates(poles, '214')).toBe(poles);
    const changed = withStates(poles, '114');
    expect(changed).not.toBe(poles);
    expect([...changed.states]).toEqual([...toPoleSet(poles, '114').states]);
    expect(changed.codes).toBe(poles.codes);
  });

  it('joins the server’s columns and state digits, with the same kind bits', () => {
    const poles = set();
    expect(poles.size).toBe(3);
    expect([...poles.states]).toEqual([2, 1, 4]);
    expect(countStates(poles)).toEqual({ none: 0, off: 1, on: 1, offline: 0, fault: 1 });
    // A malformed digit reads as "none" rather than an unknown state.
    expect([...toPoleSet({ ...set(), codes: ['A'], lng: [1], lat: [1], kinds: [0] }, 'z').states]).toEqual([
      0,
    ]);
    for (const k of mapKinds) expect(kindBit(k)).toBe(poleKindBit(k));
  });

  it('filters by kind and state, finds by code', () => {
    const poles = set();
    expect(visiblePoles(poles, [], []).count).toBe(3);
    expect([...visiblePoles(poles, ['camera'], []).visible]).toEqual([0, 1, 0]);
    expect([...visiblePoles(poles, [], ['on', 'fault']).visible]).toEqual([1, 0, 1]);
    expect(visiblePoles(poles, ['camera'], ['on']).count).toBe(0);
    expect(findPoleIndex(poles, ' p-3 ')).toBe(2);
    expect(findPoleIndex(poles, '2')).toBe(1);
    expect(findPoleIndex(poles, 'X')).toBe(-1);
    expect(matchingCodes(poles, 'p-')).toEqual(['P-1', 'P-2', 'P-3']);
  });
});

describe('pole grid', () => {
  const world = { bounds: [-180, -85, 180, 85] as [number, number, number, number] };

  it('clusters nearby poles when zoomed out, coloured by the cluster rule', () => {
    const poles = set();
    const grid = new PoleGrid(poles);
    const all = visiblePoles(poles, [], []).visible;
    const far = grid.items(poles, all, { ...world, zoom: 3, cellPx: 45 });
    expect(far.poles).toBe(3);
    expect(far.data.features).toHaveLength(1);
    expect(far.data.features[0]?.properties).toEqual({ s: 'fault', n: 3, a: 0 });
    const near = grid.items(poles, all, { ...world, zoom: 14, cellPx: 45 });
    expect(near.poles).toBe(3);
    expect(near.data.features.map((f) => f.properties)).toEqual([
      { s: 'on', n: 2, a: 0 },
      { id: '2', s: 'fault', n: 1, a: 0 },
    ]);
    const [lng, lat] = near.data.features[1]!.geometry.coordinates as [number, number];
    expect(lng).toBeCloseTo(117.2, 6);
    expect(lat).toBeCloseTo(34.2, 6);
  });

  it('draws single poles unclustered, only inside the bounds and the filter', () => {
    const poles = set();
    const grid = new PoleGrid(poles);
    const onlyOn = visiblePoles(poles, [], ['on', 'off']).visible;
    const dots = grid.items(poles, onlyOn, { ...world, zoom: 18, cellPx: DOT_CELL_PX });
    expect(dots.data.features.map((f) => f.properties?.id)).toEqual(['0', '1']);
    const clipped = grid.items(poles, visiblePoles(poles, [], []).visible, {
      zoom: 18,
      bounds: [117.15, 34.15, 117.25, 34.25],
      cellPx: DOT_CELL_PX,
    });
    expect(clipped.data.features.map((f) => f.properties?.id)).toEqual(['2']);
    expect(poleBounds(poles)).toEqual([117.1, 34.1, 117.2, 34.2]);
  });

  it('colours a cluster red with a fault, yellow with a lit pole, grey when all offline, else blue', () => {
    expect(clusterState(5, 1, 3, 1)).toBe('fault');
    expect(clusterState(5, 0, 1, 4)).toBe('on');
    expect(clusterState(5, 0, 0, 5)).toBe('offline');
    expect(clusterState(5, 0, 0, 2)).toBe('off');
  });
});
