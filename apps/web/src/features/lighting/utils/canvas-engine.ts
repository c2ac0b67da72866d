import type { FeatureCollection, Point } from 'geojson';
import type { MapEngine, MapEngineOptions } from './map-engine';
import { alarmColors, alarmTone } from './pole-alarms';
import { type PoleState, stateColors } from './pole-state';

const TILE = 256;
/** Dots this far outside the canvas are skipped. */
const MARGIN = 48;

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

/** `alarm`: the alarm level of the pole or the worst of the cluster (0: none), drawn as a ring. */
type Dot = { x: number; y: number; id: string | null; count: number; state: PoleState; alarm: number };

/** Tile images kept for panning back (about 8 MB of decoded 256 px tiles). */
const MAX_TILES = 128;

/** The address of one tile from an OpenStreetMap-style template (`{z}/{x}/{y}`, `{s}` → `a`). */
export function tileAddress(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'a');
}

/**
 * The raster tiles that cover a view: tile zoom, the scale of a tile at the view's fractional
 * zoom, and where each tile goes on the canvas (CSS px). Columns wrap around the antimeridian;
 * rows outside the world are left out.
 */
export function tilesInView(
  centre: { lng: number; lat: number },
  zoom: number,
  width: number,
  height: number,
): { z: number; size: number; tiles: Array<{ x: number; y: number; left: number; top: number }> } {
  const z = Math.max(0, Math.min(19, Math.round(zoom)));
  const scale = 2 ** (zoom - z);
  const c = toWorld(centre.lng, centre.lat, z);
  const left = c.x - width / 2 / scale;
  const top = c.y - height / 2 / scale;
  const count = 2 ** z;
  const tiles: Array<{ x: number; y: number; left: number; top: number }> = [];
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + height / scale) / TILE); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + width / scale) / TILE); tx++)
      tiles.push({
        x: ((tx % count) + count) % count,
        y: ty,
        left: (tx * TILE - left) * scale,
        top: (ty * TILE - top) * scale,
      });
  }
  return { z, size: TILE * scale, tiles };
}

/**
 * The map on a 2D canvas: raster tiles when a template is configured (else a plain
 * background) and the page's clusters and poles on top, dragged, zoomed with the wheel,
 * clickable. The page hands it only what the view needs (a few thousand dots at most), so a
 * frame is a few milliseconds even without a GPU, and it starts with no library to load.
 */
export function createCanvasEngine(options: MapEngineOptions): MapEngine {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;cursor:grab';
  options.container.appendChild(canvas);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  let [lng, lat] = options.center;
  let zoom = options.zoom;
  let selected: string | null = null;
  let features: FeatureCollection<Point>['features'] = [];
  let dots: Dot[] = [];
  let frame = 0;
  let tileUrl = '';
  /** Loaded (or loading) tile images by `z/x/y`, oldest first; a failed tile stays blank. */
  const tileImages = new Map<string, HTMLImageElement>();
  const tileImage = (z: number, x: number, y: number): HTMLImageElement => {
    const key = `${z}/${x}/${y}`;
    let image = tileImages.get(key);
    if (image) {
      tileImages.delete(key);
    } else {
      image = new Image();
      image.crossOrigin = 'anonymous';
      image.onload = () => {
        options.onTileLoad?.(true);
        redraw();
      };
      image.onerror = () => options.onTileLoad?.(false);
      image.src = tileAddress(tileUrl, z, x, y);
    }
    tileImages.set(key, image);
    if (tileImages.size > MAX_TILES) tileImages.delete(tileImages.keys().next().value as string);
    return image;
  };
  const drawTiles = (w: number, h: number) => {
    if (!tileUrl) return;
    const view = tilesInView({ lng, lat }, zoom, w, h);
    for (const t of view.tiles) {
      const image = tileImage(view.z, t.x, t.y);
      if (image.complete && image.naturalWidth > 0) ctx.drawImage(image, t.left, t.top, view.size, view.size);
    }
  };

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
    drawTiles(w, h);
    dots = [];
    for (const f of features) {
      const [x, y] = f.geometry.coordinates as [number, number];
      const p = project(x, y);
      if (p.x < -MARGIN || p.y < -MARGIN || p.x > w + MARGIN || p.y > h + MARGIN) continue;
      const count = Number(f.properties?.n ?? 1);
      dots.push({
        ...p,
        id: count === 1 ? String(f.properties?.id) : null,
        count,
        state: f.properties?.s,
        alarm: Number(f.properties?.a ?? 0),
      });
    }
    // Alarmed dots last: their rings stay on top of their neighbours.
    const ordered = [...dots.filter((d) => !d.alarm), ...dots.filter((d) => d.alarm)];
    for (const d of ordered) {
      const r = d.count > 1 ? Math.min(30, 10 + Math.log2(d.count) * 3) : 5;
      if (d.alarm) {
        // A ring around the dot: the lamp state stays readable inside it.
        ctx.beginPath();
        ctx.arc(d.x, d.y, r + 4, 0, Math.PI * 2);
        ctx.lineWidth = 3.5;
        ctx.strokeStyle = alarmColors[alarmTone(d.alarm)];
        ctx.stroke();
      }
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
  // The view settles after a drag or a burst of wheel steps.
  let settle = 0;
  const changed = () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(options.onViewChange, 150);
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
    if (wasDrag) {
      changed();
      return;
    }
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
      changed();
    }
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      zoom = Math.max(3, Math.min(19, zoom + (e.deltaY < 0 ? 0.5 : -0.5)));
      redraw();
      changed();
    },
    { passive: false },
  );
  const observer = new ResizeObserver(() => redraw());
  observer.observe(options.container);
  redraw();

  return {
    kind: 'canvas',
    setTileUrl(url) {
      if (url === tileUrl) return;
      tileUrl = url;
      tileImages.clear();
      redraw();
    },
    setItems(data) {
      features = data.features;
      redraw();
      // Called after the draw scheduled by redraw (frame callbacks run in order).
      return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    },
    setSelected(id) {
      selected = id;
      redraw();
    },
    view() {
      const { w, h } = size();
      const c = toWorld(lng, lat, zoom);
      const nw = fromWorld(c.x - w / 2, c.y - h / 2, zoom);
      const se = fromWorld(c.x + w / 2, c.y + h / 2, zoom);
      return { zoom, bounds: [nw.lng, se.lat, se.lng, nw.lat] };
    },
    fitBounds([west, south, east, north]) {
      const { w, h } = size();
      const span = (z: number) => {
        const a = toWorld(west, north, z);
        const b = toWorld(east, south, z);
        return { x: b.x - a.x, y: b.y - a.y };
      };
      zoom = 17;
      while (zoom > 3 && (span(zoom).x > w - 80 || span(zoom).y > h - 80)) zoom -= 0.5;
      const a = toWorld(west, north, zoom);
      const b = toWorld(east, south, zoom);
      ({ lng, lat } = fromWorld((a.x + b.x) / 2, (a.y + b.y) / 2, zoom));
      redraw();
    },
    flyTo(x, y, z = 17, roomAbove = true) {
      zoom = z;
      // Centre a little above the point so that a popup fits over it.
      const p = toWorld(x, y, zoom);
      ({ lng, lat } = fromWorld(p.x, p.y - (roomAbove ? 120 : 0), zoom));
      redraw();
      changed();
    },
    project: (x, y) => project(x, y),
    resize: redraw,
    destroy() {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.clearTimeout(settle);
      canvas.remove();
    },
  };
}
