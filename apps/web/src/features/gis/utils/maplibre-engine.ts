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
import { CLUSTER_MAX_ZOOM, type MapEngine, type MapEngineOptions } from './map-engine';
import { stateColors } from './pole-state';

// Bundled, the library cannot find its worker next to itself: point it at the emitted file.
setWorkerUrl(new URL(workerUrl, window.location.href).href);

const SOURCE = 'poles';
const BACKGROUND = '#eef2f6';

/** A style with only a background, plus raster tiles when a template is configured. */
export function baseStyle(tileUrl: string): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } }],
  };
  if (tileUrl) {
    style.sources.tiles = { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 };
    style.layers.push({ id: 'tiles', type: 'raster', source: 'tiles' });
  }
  return style;
}

const countOf = (state: string): ExpressionSpecification => [
  '+',
  ['case', ['==', ['get', 's'], state], 1, 0],
];

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

/** Cluster colour: red with any fault, yellow with any lit pole, grey when all offline, else blue. */
const clusterColor: ExpressionSpecification = [
  'case',
  ['>', ['get', 'fault'], 0],
  stateColors.fault,
  ['>', ['get', 'on'], 0],
  stateColors.on,
  ['==', ['get', 'offline'], ['get', 'point_count']],
  stateColors.offline,
  stateColors.off,
];

/** MapLibre GL: poles as one circle layer of a (clustered) GeoJSON source. */
export async function createMaplibreEngine(options: MapEngineOptions): Promise<MapEngine> {
  const map = new MapLibreMap({
    container: options.container,
    style: baseStyle(options.tileUrl),
    center: options.center,
    zoom: options.zoom,
    attributionControl: false,
    fadeDuration: 0,
  });
  let data: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
  let clustering = options.clustering;
  let selected: string | null = null;

  await new Promise<void>((resolve, reject) => {
    map.once('load', () => resolve());
    map.once('error', (e) => (map.loaded() ? undefined : reject(e.error)));
  });

  const addSource = () => {
    map.addSource(SOURCE, {
      type: 'geojson',
      data,
      cluster: clustering,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterRadius: 45,
      clusterProperties: { on: countOf('on'), fault: countOf('fault'), offline: countOf('offline') },
    });
  };
  addSource();
  map.addLayer({
    id: 'clusters',
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': clusterColor,
      'circle-opacity': 0.8,
      'circle-radius': ['step', ['get', 'point_count'], 12, 20, 16, 100, 20, 1000, 26, 10000, 32],
      'circle-stroke-width': 3,
      'circle-stroke-color': 'rgba(255,255,255,0.7)',
    },
  });
  map.addLayer({
    id: 'poles',
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': stateColor,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2, 13, 4, 16, 7, 19, 10],
      'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 0, 14, 1.5],
      'circle-stroke-color': '#ffffff',
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
    const clusterId = feature?.properties?.cluster_id as number | undefined;
    if (clusterId === undefined || feature?.geometry.type !== 'Point') return;
    const coordinates = feature.geometry.coordinates as [number, number];
    void (map.getSource(SOURCE) as GeoJSONSource)
      .getClusterExpansionZoom(clusterId)
      .then((zoom) => map.easeTo({ center: coordinates, zoom }));
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
  // The container gets its size from the page layout after the map is created.
  const observer = new ResizeObserver(() => map.resize());
  observer.observe(options.container);
  map.on('error', (e) => console.warn('[ics] map error', e.error?.message ?? e));

  return {
    kind: 'webgl',
    setData(next) {
      data = next;
      // `idle`: the source has loaded the data (clustered in the worker) and a frame with it was rendered.
      const drawn = new Promise<void>((resolve) => map.once('idle', () => resolve()));
      (map.getSource(SOURCE) as GeoJSONSource).setData(next);
      return drawn;
    },
    setClustering(on) {
      if (on === clustering) return;
      clustering = on;
      (map.getSource(SOURCE) as GeoJSONSource).setClusterOptions({ cluster: on });
    },
    setSelected(id) {
      selected = id;
      map.setFilter('selected', [
        'all',
        ['!', ['has', 'point_count']],
        ['==', ['get', 'id'], selected ?? ''],
      ]);
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
