import { describe, expect, it } from 'vitest';
import type { PoleMapDto } from './lighting.routes';
import { decodePoleColumns, encodePoleColumns } from './pole-columns';

const map: PoleMapDto = {
  version: '42',
  codes: ['P-001', '灯杆-二', ''],
  lng: [117.123457, -0.000001, 179.999999],
  lat: [34.123457, -89.5, 0],
  kinds: [1, 17, 0],
};

describe('pole columns', () => {
  it('reads back what was written: codes in any script, negative and edge positions', () => {
    const decoded = decodePoleColumns(encodePoleColumns(map));
    expect(decoded.version).toBe('42');
    expect(decoded.codes).toEqual(map.codes);
    expect([...decoded.lng]).toEqual(map.lng);
    expect([...decoded.lat]).toEqual(map.lat);
    expect([...decoded.kinds]).toEqual(map.kinds);
  });

  it('reads an empty map and a body inside a larger buffer', () => {
    const empty = decodePoleColumns(
      encodePoleColumns({ version: '1', codes: [], lng: [], lat: [], kinds: [] }),
    );
    expect(empty).toMatchObject({ version: '1', codes: [] });
    expect(empty.lng).toHaveLength(0);
    const bytes = encodePoleColumns(map);
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 3);
    expect(decodePoleColumns(padded.subarray(3, 3 + bytes.length)).codes).toEqual(map.codes);
  });

  it('refuses what is not its layout', () => {
    expect(() => decodePoleColumns(new TextEncoder().encode('{"success":false}'))).toThrow(
      /not a pole columns/,
    );
    const bytes = encodePoleColumns(map);
    const newer = bytes.slice();
    newer[4] = 9;
    expect(() => decodePoleColumns(newer)).toThrow(/layout 9/);
    expect(() => decodePoleColumns(bytes.subarray(0, 30))).toThrow(/truncated/);
  });
});
