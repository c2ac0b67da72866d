import type { FeatureCollection, Point } from 'geojson';
import {
  type ExpressionSpecification,
  type GeoJSONSource,
  type MapLayerMouseEvent,
  Map as MapLibreMap,
  type StyleSpecification,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapEngine, MapEngineOptions } from './map-engine';
import { alarmColors, alarmLevel } from './pole-alarms';
import { stateColors } from './pole-state';

// Bundled, the library cannot find its worker next to itself: point it at the emitted file.
setWorkerUrl(new URL(workerUrl, window.location.href).href);

const SOURCE = 'poles';
const BACKGROUND = '#eef2f6';

/** The style the map starts with: a plain background (tiles are added by `setTileUrl`). */
const BASE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } }],
};

const stateColor: ExpressionSpecification = [
  'match',
  ['get', 's'],
  'on',
  stateColors.on,
  'off',
  stateColors.off,
  'fault',
  stateColors.fault,
  'none',
  stateColors.none,
  stateColors.offline,
];

/** The ring of an alarmed pole or cluster (`a`: its alarm level, pole-alarms.ts). */
const alarmRing: ExpressionSpecification = [
  'case',
  ['>=', ['get', 'a'], alarmLevel('major')],
  alarmColors.high,
  alarmColors.low,
];
const clusterRadius: ExpressionSpecification = [
  'step',
  ['get', 'n'],
  12,
  20,
  16,
  100,
  20,
  1000,
  26,
  10000,
  32,
];

/**
 * MapLibre GL: poles and clusters as circle layers of one small GeoJSON source. The page
 * clusters (pole-grid.ts) and hands over only what the view needs, so MapLibre never holds
 * 100,000 features: panning redraws a few hundred circles.
 */
export async function createMaplibreEngine(options: MapEngineOptions): Promise<MapEngine> {
  const map = new MapLibreMap({
    container: options.container,
    style: BASE_STYLE,
    center: options.center,
    zoom: options.zoom,
    attributionControl: false,
    fadeDuration: 0,
  });
  let data: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
  let selected: string | null = null;

  await new Promise<void>((resolve, reject) => {
    map.once('load', () => resolve());
    map.once('error', (e) => (map.loaded() ? undefined : reject(e.error)));
  });

  map.addSource(SOURCE, { type: 'geojson', data, buffer: 16, tolerance: 0 });
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: SOURCE,
    filter: ['>', ['get', 'n'], 1],
    paint: {
      'circle-color': stateColor,
      'circle-opacity': 0.8,
      'circle-radius': clusterRadius,
      'circle-stroke-width': 3,
      'circle-stroke-color': 'rgba(255,255,255,0.7)',
    },
  });
  map.addLayer({
    id: 'poles',
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'n'], 1],
    paint: {
      'circle-color': stateColor,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2, 13, 4, 16, 7, 19, 10],
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 0, 14, 1.5],
      'circle-stroke-color': '#ffffff',
    },
  });
  // Rings around alarmed clusters and poles, over the poles' own colours.
  map.addLayer({
    id: 'cluster-alarms',
    type: 'circle',
    source: SOURCE,
    filter: ['all', ['>', ['get', 'n'], 1], ['>', ['get', 'a'], 0]],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': ['+', clusterRadius, 4],
      'circle-stroke-width': 3.5,
      'circle-stroke-color': alarmRing,
    },
  });
  map.addLayer({
    id: 'pole-alarms',
    type: 'circle',
    source: SOURCE,
    filter: ['all', ['==', ['get', 'n'], 1], ['>', ['get', 'a'], 0]],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 5, 13, 8, 16, 11, 19, 14],
      'circle-stroke-width': 3,
      'circle-stroke-color': alarmRing,
    },
  });
  map.addLayer({
    id: 'selected',
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'id'], ''],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': 14,
      'circle-stroke-width': 3,
      'circle-stroke-color': '#722ed1',
    },
  });

  map.on('click', 'clusters', (e: MapLayerMouseEvent) => {
    const feature = e.features?.[0];
    if (feature?.geometry.type !== 'Point') return;
    // Two zoom levels closer splits a grid cell into sixteen.
    const coordinates = feature.geometry.coordinates as [number, number];
    map.easeTo({ center: coordinates, zoom: Math.min(map.getMaxZoom(), map.getZoom() + 2) });
  });
  map.on('click', 'poles', (e: MapLayerMouseEvent) => {
    const id = e.features?.[0]?.properties?.id as string | undefined;
    if (id) options.onPoleClick(id);
  });
  for (const layer of ['clusters', 'poles']) {
    map.on('mouseenter', layer, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
    });
  }
  map.on('move', options.onMove);
  map.on('moveend', options.onViewChange);
  // The container gets its size from the page layout after the map is created.
  const observer = new ResizeObserver(() => map.resize());
  observer.observe(options.container);
  map.on('error', (e) => {
    if ((e as { sourceId?: string }).sourceId === 'tiles') options.onTileLoad?.(false);
    else console.warn('[ics] map error', e.error?.message ?? e);
  });
  map.on('sourcedata', (e) => {
    if (e.sourceId === 'tiles' && e.tile) options.onTileLoad?.(true);
  });

  return {
    kind: 'webgl',
    setItems(next) {
      data = next;
      // `idle`: the source has loaded the data and a frame with it was rendered.
      const drawn = new Promise<void>((resolve) => map.once('idle', () => resolve()));
      (map.getSource(SOURCE) as GeoJSONSource).setData(next);
      return drawn;
    },
    setTileUrl(tileUrl) {
      if (map.getLayer('tiles')) map.removeLayer('tiles');
      if (map.getSource('tiles')) map.removeSource('tiles');
      if (!tileUrl) return;
      map.addSource('tiles', { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 });
      map.addLayer({ id: 'tiles', type: 'raster', source: 'tiles' }, 'clusters');
    },
    setSelected(id) {
      selected = id;
      map.setFilter('selected', ['all', ['==', ['get', 'n'], 1], ['==', ['get', 'id'], selected ?? '']]);
    },
    view() {
      const b = map.getBounds();
      return { zoom: map.getZoom(), bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] };
    },
    fitBounds([west, south, east, north]) {
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 40, maxZoom: 17, duration: 0 },
      );
    },
    flyTo(lng, lat, zoom = 17, roomAbove = true) {
      map.easeTo({ center: [lng, lat], zoom, offset: [0, roomAbove ? 120 : 0], duration: 0 });
    },
    project(lng, lat) {
      const p = map.project([lng, lat]);
      return { x: p.x, y: p.y };
    },
    resize: () => map.resize(),
    destroy() {
      observer.disconnect();
      map.remove();
    },
  };
}
