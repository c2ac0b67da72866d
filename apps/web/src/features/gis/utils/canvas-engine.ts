import type { FeatureCollection, Point } from 'geojson';
import { CLUSTER_MAX_ZOOM, type MapEngine, type MapEngineOptions } from './map-engine';
import { type PoleState, stateColors } from './pole-state';

const TILE = 256;
const CELL = 48;

/** Web Mercator: longitude/latitude → world pixels at `zoom`. */
export function toWorld(lng: number, lat: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export function fromWorld(x: number, y: number, zoom: number): { lng: number; lat: number } {
  const scale = TILE * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  return { lng: (x / scale) * 360 - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

type Dot = {
  x: number;
  y: number;
  id: string | null;
  count: number;
  state: PoleState;
  lng: number;
  lat: number;
};

/** Grid clustering of screen points: one dot per cell, coloured by its worst state. */
export function clusterDots(points: readonly Dot[], cell: number): Dot[] {
  const cells = new Map<string, Dot & { states: Set<PoleState> }>();
  for (const p of points) {
    const key = `${Math.floor(p.x / cell)}:${Math.floor(p.y / cell)}`;
    const c = cells.get(key);
    if (!c) cells.set(key, { ...p, states: new Set([p.state]) });
    else {
      c.x = (c.x * c.count + p.x) / (c.count + 1);
      c.y = (c.y * c.count + p.y) / (c.count + 1);
      c.count += 1;
      c.id = null;
      c.states.add(p.state);
    }
  }
  return [...cells.values()].map(({ states, ...dot }) => ({
    ...dot,
    state: states.has('fault')
      ? 'fault'
      : states.has('on')
        ? 'on'
        : states.has('off')
          ? 'off'
          : states.has('offline')
            ? 'offline'
            : 'none',
  }));
}

/**
 * The fallback map when WebGL is unavailable: poles drawn on a 2D canvas over a plain
 * background, grid-clustered below the cluster zoom, dragged, zoomed with the wheel, clickable.
 */
export function createCanvasEngine(options: MapEngineOptions): MapEngine {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;cursor:grab';
  options.container.appendChild(canvas);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  let [lng, lat] = options.center;
  let zoom = options.zoom;
  let clustering = options.clustering;
  let selected: string | null = null;
  let features: FeatureCollection<Point>['features'] = [];
  let dots: Dot[] = [];
  let frame = 0;

  const size = () => ({ w: options.container.clientWidth, h: options.container.clientHeight });
  const project = (x: number, y: number) => {
    const { w, h } = size();
    const c = toWorld(lng, lat, zoom);
    const p = toWorld(x, y, zoom);
    return { x: p.x - c.x + w / 2, y: p.y - c.y + h / 2 };
  };

  const draw = () => {
    frame = 0;
    const { w, h } = size();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== w * ratio || canvas.height !== h * ratio) {
      canvas.width = w * ratio;
      canvas.height = h * ratio;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = '#eef2f6';
    ctx.fillRect(0, 0, w, h);
    const points: Dot[] = [];
    for (const f of features) {
      const [x, y] = f.geometry.coordinates as [number, number];
      const p = project(x, y);
      if (p.x < -CELL || p.y < -CELL || p.x > w + CELL || p.y > h + CELL) continue;
      points.push({
        ...p,
        id: String(f.properties?.id),
        count: 1,
        state: f.properties?.s as PoleState,
        lng: x,
        lat: y,
      });
    }
    dots = clustering && zoom <= CLUSTER_MAX_ZOOM ? clusterDots(points, CELL) : points;
    for (const d of dots) {
      const r = d.count > 1 ? Math.min(30, 10 + Math.log2(d.count) * 3) : 5;
      ctx.beginPath();
      ctx.arc(d.x, d.y, r, 0, Math.PI * 2);
      ctx.fillStyle = stateColors[d.state];
      ctx.globalAlpha = d.count > 1 ? 0.8 : 1;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = d.id && d.id === selected ? 3 : 1.5;
      ctx.strokeStyle = d.id && d.id === selected ? '#722ed1' : '#fff';
      ctx.stroke();
      if (d.count > 1) {
        ctx.fillStyle = '#000';
        ctx.font = '11px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(d.count), d.x, d.y);
      }
    }
  };
  const redraw = () => {
    if (!frame) frame = requestAnimationFrame(draw);
    options.onMove();
  };

  let drag: { x: number; y: number; moved: boolean } | null = null;
  canvas.addEventListener('pointerdown', (e) => {
    drag = { x: e.clientX, y: e.clientY, moved: false };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) drag.moved = true;
    const c = toWorld(lng, lat, zoom);
    ({ lng, lat } = fromWorld(c.x - dx, c.y - dy, zoom));
    drag.x = e.clientX;
    drag.y = e.clientY;
    redraw();
  });
  canvas.addEventListener('pointerup', (e) => {
    const wasDrag = drag?.moved;
    drag = null;
    if (wasDrag) return;
    const rect = canvas.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    let best: Dot | null = null;
    let bestDistance = 14 ** 2;
    for (const d of dots) {
      const distance = (d.x - x) ** 2 + (d.y - y) ** 2;
      if (distance < bestDistance) {
        best = d;
        bestDistance = distance;
      }
    }
    if (!best) return;
    if (best.id) options.onPoleClick(best.id);
    else {
      ({ lng, lat } = fromWorld(
        toWorld(lng, lat, zoom).x + (best.x - size().w / 2),
        toWorld(lng, lat, zoom).y + (best.y - size().h / 2),
        zoom,
      ));
      zoom = Math.min(19, zoom + 2);
      redraw();
    }
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      zoom = Math.max(3, Math.min(19, zoom + (e.deltaY < 0 ? 0.5 : -0.5)));
      redraw();
    },
    { passive: false },
  );
  const observer = new ResizeObserver(() => redraw());
  observer.observe(options.container);
  redraw();

  return {
    kind: 'canvas',
    setData(data) {
      features = data.features;
      redraw();
      // Called after the draw scheduled by redraw (frame callbacks run in order).
      return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    },
    setClustering(on) {
      clustering = on;
      redraw();
    },
    setSelected(id) {
      selected = id;
      redraw();
    },
    flyTo(x, y, z = 17, roomAbove = true) {
      zoom = z;
      // Centre a little above the point so that a popup fits over it.
      const p = toWorld(x, y, zoom);
      ({ lng, lat } = fromWorld(p.x, p.y - (roomAbove ? 120 : 0), zoom));
      redraw();
    },
    project: (x, y) => project(x, y),
    resize: redraw,
    destroy() {
      observer.disconnect();
      cancelAnimationFrame(frame);
      canvas.remove();
    },
  };
}
