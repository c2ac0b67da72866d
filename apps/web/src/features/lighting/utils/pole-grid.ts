import type { Feature, FeatureCollection, Point } from 'geojson';
import { type PoleSet, type PoleState, stateCode, stateOfCode } from './pole-state';

/** Cluster cell in screen pixels (MapLibre's clusterRadius was 45). */
export const CLUSTER_CELL_PX = 45;
/**
 * Unclustered, dots closer than this many pixels are drawn as one (the worst state wins,
 * a click opens the first): at most one dot per few pixels, whatever the zoom.
 */
export const DOT_CELL_PX = 2;

/** Longitude/latitude bounds of a view: west, south, east, north. */
export type Bounds = [number, number, number, number];

/** What to draw: small GeoJSON (clusters and dots) and how many poles it stands for. */
export type GridItems = { data: FeatureCollection<Point>; poles: number };

const FAULT = stateCode('fault');
const ON = stateCode('on');
const OFFLINE = stateCode('offline');

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};
const longitude = (x: number) => x * 360 - 180;
const latitude = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * Grid clustering of the poles for one view, on typed arrays: every shown pole in the bounds
 * falls into a cell of `cellPx` screen pixels at the integer zoom; one feature per non-empty
 * cell, at the mean position of its poles. Cells are fixed in world coordinates, so a cluster
 * does not change while the map pans. 100,000 poles take a few milliseconds, and the map
 * library receives hundreds or a few thousand features instead of 100,000.
 */
export class PoleGrid {
  /** Web Mercator (0…1) of every pole, computed once per pole set. */
  private readonly x: Float64Array;
  private readonly y: Float64Array;

  constructor(private readonly poles: PoleSet) {
    this.x = new Float64Array(poles.size);
    this.y = new Float64Array(poles.size);
    for (let i = 0; i < poles.size; i++) {
      this.x[i] = mercatorX(poles.lng[i]!);
      this.y[i] = mercatorY(poles.lat[i]!);
    }
  }

  /** Whether this grid was made for these positions (a states refresh keeps them). */
  sameCoordinates(poles: PoleSet): boolean {
    return poles.lng === this.poles.lng && poles.lat === this.poles.lat;
  }

  items(
    poles: PoleSet,
    visible: Uint8Array,
    {
      zoom,
      bounds,
      cellPx,
      alarms,
    }: {
      zoom: number;
      bounds: Bounds;
      cellPx: number;
      /** Alarm level per pole (pole-alarms.ts); a feature's `a` is the highest of its poles. */
      alarms?: Uint8Array | null | undefined;
    },
  ): GridItems {
    const cell = cellPx / (256 * 2 ** Math.floor(zoom));
    const [west, south, east, north] = bounds;
    const minX = mercatorX(west);
    const maxX = mercatorX(east);
    const minY = mercatorY(north);
    const maxY = mercatorY(south);
    const slots = new Map<number, number>();
    const sumX: number[] = [];
    const sumY: number[] = [];
    const count: number[] = [];
    const first: number[] = [];
    const worst: number[] = [];
    const fault: number[] = [];
    const on: number[] = [];
    const offline: number[] = [];
    const alarm: number[] = [];
    const columns = Math.ceil(1 / cell) + 1;
    for (let i = 0; i < poles.size; i++) {
      if (visible[i] !== 1) continue;
      const x = this.x[i]!;
      const y = this.y[i]!;
      if (x < minX || x > maxX || y < minY || y > maxY) continue;
      const key = Math.floor(y / cell) * columns + Math.floor(x / cell);
      const state = poles.states[i]!;
      let slot = slots.get(key);
      if (slot === undefined) {
        slot = count.length;
        slots.set(key, slot);
        sumX.push(0);
        sumY.push(0);
        count.push(0);
        first.push(i);
        worst.push(state);
        fault.push(0);
        on.push(0);
        offline.push(0);
        alarm.push(0);
      }
      sumX[slot]! += x;
      sumY[slot]! += y;
      count[slot]!++;
      if (state > worst[slot]!) worst[slot] = state;
      if (state === FAULT) fault[slot]!++;
      else if (state === ON) on[slot]!++;
      else if (state === OFFLINE) offline[slot]!++;
      const level = alarms ? alarms[i]! : 0;
      if (level > alarm[slot]!) alarm[slot] = level;
    }
    const clusters = cellPx > DOT_CELL_PX;
    const features: Feature<Point>[] = new Array(count.length);
    let total = 0;
    for (let s = 0; s < count.length; s++) {
      const n = count[s]!;
      total += n;
      const lng = longitude(sumX[s]! / n);
      const lat = latitude(sumY[s]! / n);
      const single = n === 1 || !clusters;
      features[s] = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties: single
          ? { id: String(first[s]!), s: stateOfCode(worst[s]!), n: 1, a: alarm[s]! }
          : { s: clusterState(n, fault[s]!, on[s]!, offline[s]!), n, a: alarm[s]! },
      };
    }
    return { data: { type: 'FeatureCollection', features }, poles: total };
  }
}

/** A cluster's colour: red with any fault, yellow with any lit pole, grey when all offline, else blue. */
export function clusterState(n: number, fault: number, on: number, offline: number): PoleState {
  if (fault > 0) return 'fault';
  if (on > 0) return 'on';
  if (offline === n) return 'offline';
  return 'off';
}

/** The bounds of every pole (null without poles). */
export function poleBounds(poles: PoleSet): Bounds | null {
  if (poles.size === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < poles.size; i++) {
    const lng = poles.lng[i]!;
    const lat = poles.lat[i]!;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
}
