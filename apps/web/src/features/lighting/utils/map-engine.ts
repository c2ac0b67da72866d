import type { FeatureCollection, Point } from 'geojson';
import { createCanvasEngine } from './canvas-engine';
import type { Bounds } from './pole-grid';

/** Default map centre (spec §9). */
export const DEFAULT_CENTER: [number, number] = [117.178249, 34.161036];
export const DEFAULT_ZOOM = 13;
/** Above this zoom every pole is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;

export type MapEngineOptions = {
  container: HTMLElement;
  center: [number, number];
  zoom: number;
  onPoleClick(id: string): void;
  /** The view moved (the popup follows its pole): called per frame, keep it cheap. */
  onMove(): void;
  /** The view settled after a pan or zoom: time to recompute what is drawn. */
  onViewChange(): void;
  /** A base-map tile arrived (`true`) or could not be loaded (`false`); the latest one counts. */
  onTileLoad?(loaded: boolean): void;
};

/** Where the map looks: zoom and the longitude/latitude bounds of the container. */
export type MapView = { zoom: number; bounds: Bounds };

/** What the GIS page needs of a map: WebGL (MapLibre) or the canvas fallback. */
export type MapEngine = {
  readonly kind: 'webgl' | 'canvas';
  /**
   * Replaces what is drawn: features with `n` (1 for a pole with its `id`, more for a cluster)
   * and `s` (the state to colour by). Resolves once a frame with them was rendered.
   */
  setItems(data: FeatureCollection<Point>): Promise<void>;
  setSelected(id: string | null): void;
  /**
   * Shows raster tiles under the poles: an OpenStreetMap-style template
   * (`https://…/{z}/{x}/{y}.png`); '' keeps the plain background. Set once the platform
   * settings arrive, so that the map does not wait for them.
   */
  setTileUrl(tileUrl: string): void;
  view(): MapView;
  /** Shows these bounds (no animation). */
  fitBounds(bounds: Bounds): void;
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

/**
 * The map engine: the 2D canvas by default (measured at 100,000 poles in software rendering:
 * first draw ~0.9 s sooner and panning at one frame per display refresh, against MapLibre's two);
 * MapLibre (WebGL, its own chunk) when asked for with `renderer=webgl` and WebGL 2 is there.
 */
export async function createMapEngine(
  options: MapEngineOptions,
  renderer: 'canvas' | 'webgl' = 'canvas',
): Promise<MapEngine> {
  if (renderer === 'webgl' && hasWebGL2()) {
    try {
      const { createMaplibreEngine } = await import('./maplibre-engine');
      return await createMaplibreEngine(options);
    } catch (error) {
      console.warn('[ics] MapLibre failed, using the canvas map', error);
    }
  }
  return createCanvasEngine(options);
}
