import { poleKindBit } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import {
  filterPoles,
  fromMapRow,
  kindBit,
  lampState,
  type MapPole,
  mapKinds,
  poleState,
  toFeatureCollection,
} from './pole-state';

const pole = (id: string, state: MapPole['state'], kinds: number): MapPole => ({
  id,
  code: id,
  lng: 117,
  lat: 34,
  kinds,
  state,
});

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

  it('reads the server’s compact rows with the same kind bits', () => {
    expect(fromMapRow(['p1', 'P1', 117.1, 34.2, 'on', 17])).toEqual({
      id: 'p1',
      code: 'P1',
      lng: 117.1,
      lat: 34.2,
      state: 'on',
      kinds: 17,
    });
    for (const k of mapKinds) expect(kindBit(k)).toBe(poleKindBit(k));
  });

  it('filters by kind and state', () => {
    const poles = [pole('a', 'on', kindBit('lamp')), pole('b', 'off', kindBit('camera') | kindBit('lamp'))];
    expect(filterPoles(poles, [], []).map((p) => p.id)).toEqual(['a', 'b']);
    expect(filterPoles(poles, ['camera'], []).map((p) => p.id)).toEqual(['b']);
    expect(filterPoles(poles, [], ['on']).map((p) => p.id)).toEqual(['a']);
    expect(toFeatureCollection(poles).features[1]?.properties).toEqual({ id: 'b', s: 'off' });
  });
});
