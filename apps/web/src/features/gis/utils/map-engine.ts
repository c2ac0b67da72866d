import type { FeatureCollection, Point } from 'geojson';

/** Default map centre (spec §9). */
export const DEFAULT_CENTER: [number, number] = [117.178249, 34.161036];
export const DEFAULT_ZOOM = 13;
/** Above this zoom every pole is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;

export type MapEngineOptions = {
  container: HTMLElement;
  center: [number, number];
  zoom: number;
  /** OpenStreetMap-style template (`https://…/{z}/{x}/{y}.png`); '' draws a plain background. */
  tileUrl: string;
  clustering: boolean;
  onPoleClick(id: string): void;
  /** The view moved (the popup follows its pole). */
  onMove(): void;
};

/** What the GIS page needs of a map: WebGL (MapLibre) or the canvas fallback. */
export type MapEngine = {
  readonly kind: 'webgl' | 'canvas';
  /** Replaces the poles; resolves once they are drawn (the first frame rendered after loading them). */
  setData(data: FeatureCollection<Point>): Promise<void>;
  setClustering(on: boolean): void;
  setSelected(id: string | null): void;
  /** Centres on a point; `roomAbove` keeps space for a popup above it. */
  flyTo(lng: number, lat: number, zoom?: number, roomAbove?: boolean): void;
  /** Screen position (CSS px in the container) of a coordinate. */
  project(lng: number, lat: number): { x: number; y: number };
  resize(): void;
  destroy(): void;
};

/** Whether the browser gives WebGL 2 (MapLibre needs it). */
export function hasWebGL2(): boolean {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

/** Loads the engine that works here; the MapLibre code is its own chunk. */
export async function createMapEngine(options: MapEngineOptions, forceCanvas = false): Promise<MapEngine> {
  if (!forceCanvas && hasWebGL2()) {
    try {
      const { createMaplibreEngine } = await import('./maplibre-engine');
      return await createMaplibreEngine(options);
    } catch (error) {
      console.warn('[ics] MapLibre failed, using the canvas map', error);
    }
  }
  const { createCanvasEngine } = await import('./canvas-engine');
  return createCanvasEngine(options);
}
