import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';

setWorkerUrl(new URL(workerUrl, window.location.href).href);

const DEFAULT_CENTER: [number, number] = [117.178249, 34.161036];

/**
 * A small map to pick a pole's position: click to set it. Plain background (no tiles fetched),
 * the picked point as a circle. Loaded lazily so the list page does not carry MapLibre.
 */
export default function LocationPicker({
  value,
  onChange,
}: {
  value: { lng?: number; lat?: number };
  onChange(lng: number, lat: number): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  // The map is created once, centred on the value it starts with; the point follows `value`.
  const initial = useRef(value);

  useEffect(() => {
    if (!container.current) return;
    const start = initial.current;
    const has = start.lng !== undefined && start.lat !== undefined;
    const instance = new MapLibreMap({
      container: container.current,
      style: {
        version: 8,
        sources: {
          picked: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
        },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#eef2f6' } },
          {
            id: 'picked',
            type: 'circle',
            source: 'picked',
            paint: {
              'circle-radius': 8,
              'circle-color': '#722ed1',
              'circle-stroke-width': 2,
              'circle-stroke-color': '#fff',
            },
          },
        ],
      },
      center: has ? [start.lng as number, start.lat as number] : DEFAULT_CENTER,
      zoom: 15,
      attributionControl: false,
    });
    instance.getCanvas().style.cursor = 'crosshair';
    instance.on('click', (e) =>
      change.current(Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))),
    );
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance || value.lng === undefined || value.lat === undefined) return;
    const apply = () => {
      const source = instance.getSource('picked') as { setData?(d: unknown): void } | undefined;
      source?.setData?.({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'Point', coordinates: [value.lng, value.lat] },
          },
        ],
      });
    };
    if (instance.isStyleLoaded()) apply();
    else instance.once('load', apply);
  }, [value.lng, value.lat]);

  return (
    <div
      ref={container}
      style={{ height: 260, borderRadius: 6, overflow: 'hidden' }}
      data-testid="location-picker"
    />
  );
}
