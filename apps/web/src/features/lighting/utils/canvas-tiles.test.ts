import { describe, expect, it } from 'vitest';
import { tileAddress, tilesInView, toWorld } from './canvas-engine';

describe('raster tiles of the canvas map', () => {
  it('fills an OpenStreetMap-style template', () => {
    expect(tileAddress('https://{s}.tile.example.org/{z}/{x}/{y}.png', 13, 6762, 3275)).toBe(
      'https://a.tile.example.org/13/6762/3275.png',
    );
    expect(tileAddress('/tiles/{z}/{x}/{y}.png', 0, 0, 0)).toBe('/tiles/0/0/0.png');
  });

  it('covers the view at an integer zoom, the centre tile placed under the view centre', () => {
    const centre = { lng: 117.178249, lat: 34.161036 };
    const view = tilesInView(centre, 13, 800, 600);
    expect(view.z).toBe(13);
    expect(view.size).toBe(256);
    const world = toWorld(centre.lng, centre.lat, 13);
    const tx = Math.floor(world.x / 256);
    const ty = Math.floor(world.y / 256);
    const middle = view.tiles.find((t) => t.x === tx && t.y === ty)!;
    // The centre's offset inside its tile lands on the canvas centre.
    expect(middle.left + (world.x - tx * 256)).toBeCloseTo(400, 6);
    expect(middle.top + (world.y - ty * 256)).toBeCloseTo(300, 6);
    // Every canvas pixel is under some tile, and no tile lies wholly outside.
    for (const t of view.tiles) {
      expect(t.left).toBeLessThan(800);
      expect(t.top).toBeLessThan(600);
      expect(t.left + 256).toBeGreaterThan(0);
      expect(t.top + 256).toBeGreaterThan(0);
    }
    const xs = new Set(view.tiles.map((t) => t.x));
    const ys = new Set(view.tiles.map((t) => t.y));
    expect(view.tiles.length).toBe(xs.size * ys.size);
    expect(xs.size * 256).toBeGreaterThanOrEqual(800);
    expect(ys.size * 256).toBeGreaterThanOrEqual(600);
  });

  it('scales the nearest tile zoom at a fractional zoom', () => {
    const view = tilesInView({ lng: 0, lat: 0 }, 12.6, 400, 400);
    expect(view.z).toBe(13);
    expect(view.size).toBeCloseTo(256 * 2 ** -0.4, 6);
  });

  it('wraps columns across the antimeridian and leaves out rows outside the world', () => {
    const wrapped = tilesInView({ lng: 179.9, lat: 0 }, 2, 600, 200);
    expect(wrapped.tiles.every((t) => t.x >= 0 && t.x < 4)).toBe(true);
    expect(wrapped.tiles.some((t) => t.x === 0)).toBe(true);
    const top = tilesInView({ lng: 0, lat: 85 }, 0, 600, 600);
    expect(top.tiles.every((t) => t.y === 0)).toBe(true);
  });
});
