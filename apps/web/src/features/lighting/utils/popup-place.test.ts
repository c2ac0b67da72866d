import { describe, expect, it } from 'vitest';
import { placePopup } from './popup-place';

const map = { width: 800, height: 600 };
const popup = { width: 320, height: 300 };

describe('placePopup', () => {
  it('centres the popup above a pole with room above', () => {
    expect(placePopup({ x: 400, y: 400 }, popup, map)).toEqual({ left: 240, top: 86 });
  });

  it('puts it below a pole near the top edge instead of cutting it off', () => {
    const at = placePopup({ x: 400, y: 40 }, popup, map);
    expect(at.top).toBe(54);
    expect(at.top).toBeGreaterThanOrEqual(0);
  });

  it('keeps it inside the left, right and bottom edges', () => {
    expect(placePopup({ x: 10, y: 400 }, popup, map).left).toBe(8);
    expect(placePopup({ x: 795, y: 400 }, popup, map).left).toBe(472);
    const low = placePopup({ x: 400, y: 200 }, { width: 320, height: 500 }, map);
    expect(low.top + 500).toBeLessThanOrEqual(600);
    expect(low.top).toBeGreaterThanOrEqual(8);
  });
});
