import type { ChildKind } from '@ics/contract';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAlarmedPoles } from '../api/get-alarmed-poles';
import { fetchPoleId, firstPoleSet, loadPoleSet, refreshPoleStates } from '../api/get-map-poles';
import { getPoleDetail } from '../api/get-pole-detail';
import { type BaseMap, getBaseMap, tileHost } from '../api/get-tile-url';
import { useFeedback } from '../hooks/use-feedback';
import '../locales';
import { createMapEngine, DEFAULT_CENTER, DEFAULT_ZOOM, type MapEngine } from '../utils/map-engine';
import { type AlarmTone, alarmColors, placeAlarms } from '../utils/pole-alarms';
import { CLUSTER_CELL_PX, DOT_CELL_PX, PoleGrid, poleBounds } from '../utils/pole-grid';
import {
  countStates,
  findPoleIndex,
  mapKinds,
  matchingCodes,
  type PoleSet,
  type PoleState,
  poleStates,
  stateColors,
  visiblePoles,
} from '../utils/pole-state';
import { placePopup } from '../utils/popup-place';
import { PolePopup } from './pole-popup';
import './gis-page.css';

/** The pole states (one small request) are fetched again this often while the map is shown. */
const RELOAD_MS = 10_000;
/** Above this zoom every pole is drawn on its own. */
const CLUSTER_MAX_ZOOM = 14;

declare global {
  interface Window {
    /**
     * Set once the first load of poles is drawn (benchmarks, tests): how many poles the
     * rendered frame stands for (as dots or inside clusters), and ms since the page was mounted.
     */
    __icsMapReady?: { poles: number; ms: number; engine: MapEngine['kind'] };
  }
}

/**
 * `/gis/GlrGis` (and its siblings): every pole of the caller's projects on a map, clustered
 * when zoomed out and coloured by state, with filters, search by code and a popup per pole
 * with live values and lamp controls. Poles with active alarms get a ring in the colour of their
 * most severe (for users who may see alarms). Poles are held as columns (pole-state.ts) and clustered
 * per view (pole-grid.ts); the map library only gets what the view shows, recomputed when the
 * view settles, and nothing in React runs per frame while the map moves.
 */
export default function GisPage() {
  const { t } = useTranslation('lighting');
  const feedback = useFeedback();
  const container = useRef<HTMLDivElement>(null);
  const popupAnchor = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const engineKind = engine?.kind ?? null;
  const [poles, setPoles] = useState<PoleSet | null>(null);
  const [kinds, setKinds] = useState<ChildKind[]>([]);
  const [states, setStates] = useState<PoleState[]>([]);
  const [clustering, setClustering] = useState(true);
  /** The selected pole as the engines name it: its index in the columns, as text. */
  const [selected, setSelected] = useState<string | null>(null);
  /** Its id, asked for by version and index once selected (the map carries no ids). */
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [baseMap, setBaseMap] = useState<BaseMap | null>(null);
  /** Whether the latest base-map tile failed (the tile server cannot be reached). */
  const [tilesFailed, setTilesFailed] = useState(false);
  const mountedAt = useRef(performance.now());
  useEffect(() => {
    performance.mark('ics-map:mounted', { startTime: mountedAt.current });
  }, []);
  /** Redraws for the current view; set below, called by the engine when the view settles. */
  const redraw = useRef<() => void>(() => undefined);
  /** Keeps the popup over its pole while the map moves (no React render per frame). */
  const follow = useRef<() => void>(() => undefined);

  // The first load: the poles and their states (two requests in parallel), usually already
  // started by the route's loader while the console was starting.
  useEffect(() => {
    let cancelled = false;
    firstPoleSet()
      .then((loaded) => {
        performance.mark('ics-map:poles-loaded');
        if (!cancelled) setPoles(loaded);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  // The map engine (canvas, or MapLibre with `?renderer=webgl`), created at once (tiles are added when
  // the platform settings arrive).
  useEffect(() => {
    let disposed = false;
    let created: MapEngine | null = null;
    let moveFrame = 0;
    const renderer =
      new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('renderer') === 'webgl'
        ? 'webgl'
        : 'canvas';
    const tiles = getBaseMap();
    void (async () => {
      if (!container.current) return;
      created = await createMapEngine(
        {
          container: container.current,
          center: DEFAULT_CENTER,
          zoom: DEFAULT_ZOOM,
          onPoleClick: (id) => setSelected(id),
          onMove: () => {
            if (!moveFrame)
              moveFrame = requestAnimationFrame(() => {
                moveFrame = 0;
                follow.current();
              });
          },
          onViewChange: () => redraw.current(),
          onTileLoad: (loaded) => setTilesFailed(!loaded),
        },
        renderer,
      );
      if (disposed) {
        created.destroy();
        return;
      }
      performance.mark('ics-map:engine-ready');
      setEngine(created);
      const base = await tiles;
      if (disposed) return;
      setBaseMap(base);
      created.setTileUrl(base.tileUrl);
    })();
    return () => {
      disposed = true;
      cancelAnimationFrame(moveFrame);
      created?.destroy();
      setEngine(null);
    };
  }, []);

  // Live state: the server aggregates pole states; they are fetched again every RELOAD_MS while
  // the map is shown (following every device's pushes would cost a console far more at scale).
  const polesRef = useRef(poles);
  polesRef.current = poles;
  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = polesRef.current;
      if (!current || document.visibilityState === 'hidden') return;
      refreshPoleStates(current)
        .then(setPoles)
        .catch(() => undefined);
    }, RELOAD_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Alarmed poles: asked of the alarm routes, found on the map by code (its columns carry no ids).
  const alarmed = useAlarmedPoles();
  const alarms = useMemo(() => (poles && alarmed ? placeAlarms(poles, alarmed) : null), [poles, alarmed]);

  const shown = useMemo(
    () => (poles ? visiblePoles(poles, kinds, states) : { visible: new Uint8Array(0), count: 0 }),
    [poles, kinds, states],
  );
  // Projected once per set of positions: a states refresh keeps the grid.
  const gridRef = useRef<PoleGrid | null>(null);
  const grid = useMemo(() => {
    if (!poles) return null;
    if (!gridRef.current?.sameCoordinates(poles)) gridRef.current = new PoleGrid(poles);
    return gridRef.current;
  }, [poles]);

  // Show every pole the first time they arrive.
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !engine || !poles) return;
    fitted.current = true;
    const bounds = poleBounds(poles);
    if (bounds) engine.fitBounds(bounds);
  }, [poles, engine]);

  // What is drawn: clusters and poles of the current view, recomputed when inputs change and
  // when the view settles (the engine calls redraw.current).
  useEffect(() => {
    if (!engine || !poles || !grid) return;
    const draw = () => {
      const view = engine.view();
      const cellPx = clustering && view.zoom <= CLUSTER_MAX_ZOOM + 1 ? CLUSTER_CELL_PX : DOT_CELL_PX;
      // A margin of half a view on each side: short pans need no recomputation.
      const [w, s, e, n] = view.bounds;
      const dx = (e - w) / 2;
      const dy = (n - s) / 2;
      const items = grid.items(poles, shown.visible, {
        zoom: Math.min(view.zoom, CLUSTER_MAX_ZOOM + 1),
        bounds: [w - dx, s - dy, e + dx, n + dy],
        cellPx,
        alarms: alarms?.levels,
      });
      const drawn = engine.setItems(items.data);
      if (!window.__icsMapReady)
        void drawn.then(() => {
          window.__icsMapReady ??= {
            poles: items.poles,
            ms: Math.round(performance.now() - mountedAt.current),
            engine: engine.kind,
          };
        });
    };
    redraw.current = draw;
    draw();
  }, [engine, poles, grid, shown, clustering, alarms]);
  useEffect(
    () => () => {
      window.__icsMapReady = undefined;
    },
    [],
  );

  useEffect(() => engine?.setSelected(selected), [selected, engine]);

  const counts = useMemo(
    () => (poles ? countStates(poles) : { on: 0, off: 0, fault: 0, offline: 0, none: 0 }),
    [poles],
  );

  const findPole = useCallback(
    (code: string) => {
      if (!poles || !code.trim()) return;
      const i = findPoleIndex(poles, code);
      if (i < 0) {
        feedback.warning(t('map.notFound', { code }));
        return;
      }
      engine?.flyTo(poles.lng[i]!, poles.lat[i]!, 17);
      setSelected(String(i));
    },
    [poles, feedback, t, engine],
  );

  // `?poleId=` (the alarm list's "show on map"): fly to that pole once the poles are drawn.
  const [params] = useSearchParams();
  const wantedPole = params.get('poleId');
  const soughtPole = useRef<string | null>(null);
  useEffect(() => {
    if (!wantedPole || !poles || !engine || soughtPole.current === wantedPole) return;
    soughtPole.current = wantedPole;
    getPoleDetail(wantedPole)
      .then((pole) => findPole(pole.code))
      .catch(() => feedback.warning(t('map.notFound', { code: wantedPole })));
  }, [wantedPole, poles, engine, findPole, feedback, t]);

  const options = useMemo(
    () => (poles ? matchingCodes(poles, search).map((code) => ({ value: code, label: code })) : []),
    [poles, search],
  );

  const selectedIndex = selected !== null && poles && Number(selected) < poles.size ? Number(selected) : -1;
  const version = poles?.version;
  // New columns (poles added, moved or removed) may put another pole at the selected index.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    setSelected(null);
  }, [version]);
  useEffect(() => {
    setSelectedId(null);
    if (selectedIndex < 0 || !version) return;
    let cancelled = false;
    fetchPoleId(version, selectedIndex)
      .then((id) => {
        if (!cancelled) setSelectedId(id);
      })
      .catch(() => {
        // The poles changed since this map was loaded: load it again (the selection goes).
        if (cancelled) return;
        setSelected(null);
        loadPoleSet()
          .then(setPoles)
          .catch(() => undefined);
      });
    return () => {
      cancelled = true;
    };
  }, [selectedIndex, version]);
  useEffect(() => {
    follow.current = () => {
      const anchor = popupAnchor.current;
      if (!anchor || !engine || !poles || selectedIndex < 0) return;
      const p = engine.project(poles.lng[selectedIndex]!, poles.lat[selectedIndex]!);
      const map = container.current;
      const at = placePopup(
        p,
        { width: anchor.offsetWidth, height: anchor.offsetHeight },
        { width: map?.clientWidth ?? 0, height: map?.clientHeight ?? 0 },
      );
      anchor.style.left = `${at.left}px`;
      anchor.style.top = `${at.top}px`;
      // Where its pole is on the map: the popup itself moves to stay inside the map.
      anchor.dataset.poleX = String(p.x);
      anchor.dataset.poleY = String(p.y);
    };
    follow.current();
  });
  // The popup grows when its details arrive: place it again.
  const popupShown = Boolean(selectedId && selectedIndex >= 0 && engine);
  // Found by code: shown only when it names the very pole the server says was clicked.
  const indexAlarm = selectedIndex >= 0 ? alarms?.byIndex.get(selectedIndex) : undefined;
  const selectedAlarm = indexAlarm && indexAlarm.poleId === selectedId ? indexAlarm : undefined;
  useEffect(() => {
    const anchor = popupAnchor.current;
    if (!popupShown || !anchor) return;
    const observer = new ResizeObserver(() => follow.current());
    observer.observe(anchor);
    return () => observer.disconnect();
  }, [popupShown]);

  return (
    <div className="ics-gis" data-testid="gis-page">
      <div className="ics-gis__toolbar">
        <AutoComplete
          data-testid="gis-search"
          aria-label={t('map.search')}
          style={{ width: 240 }}
          options={options}
          value={search}
          onChange={setSearch}
          onSelect={(code: string) => findPole(code)}
          placeholder={t('map.search')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') findPole(search);
          }}
          allowClear
        />
        <Select<ChildKind[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('map.kinds.all')}
          value={kinds}
          onChange={setKinds}
          data-testid="gis-kind-filter"
          aria-label={t('map.kinds.all')}
          options={mapKinds.map((k) => ({ value: k, label: t(`map.kinds.${k}`) }))}
        />
        <Checkbox.Group<PoleState>
          value={states}
          onChange={setStates}
          data-testid="gis-state-filter"
          options={poleStates.map((s) => ({
            value: s,
            label: (
              <span>
                <i className="ics-gis__dot" style={{ background: stateColors[s] }} />
                {t(`map.states.${s}`)} ({counts[s]})
              </span>
            ),
          }))}
        />
        {alarms && (
          <span
            className="ics-gis__alarm-legend"
            data-testid="gis-alarm-legend"
            data-count={alarms.counts.high + alarms.counts.low}
          >
            {t('map.alarms.legend')}:
            {(['high', 'low'] as const satisfies readonly AlarmTone[]).map((tone) => (
              <span key={tone} data-testid={`gis-alarm-legend-${tone}`} data-count={alarms.counts[tone]}>
                <i className="ics-gis__ring" style={{ borderColor: alarmColors[tone] }} />
                {t(`map.alarms.${tone}`)} ({alarms.counts[tone]})
              </span>
            ))}
          </span>
        )}
        <span>
          {t('map.cluster')}{' '}
          <Switch size="small" checked={clustering} onChange={setClustering} aria-label={t('map.cluster')} />
        </span>
        <span className="ics-gis__count" data-testid="gis-count">
          {t('map.count', { shown: shown.count, total: poles?.size ?? 0 })}
        </span>
      </div>
      {tilesFailed && baseMap?.tileUrl && (
        <Alert
          type="warning"
          banner
          title={t('map.tilesUnreachable', { host: tileHost(baseMap.tileUrl) })}
          data-testid="gis-tiles-notice"
        />
      )}
      <div className="ics-gis__map" data-testid="gis-map" data-engine={engineKind ?? ''}>
        <div ref={container} className="ics-gis__canvas" />
        {baseMap?.tileUrl && baseMap.attribution && (
          <div className="ics-gis__attribution" data-testid="gis-attribution">
            {baseMap.attribution}
          </div>
        )}
        {(!poles || !engineKind) && (
          <div className="ics-gis__loading">
            <Spin tip={t('map.loading')}>
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </div>
        )}
        {selectedId && selectedIndex >= 0 && engine && (
          <div
            className="ics-gis__popup-anchor"
            ref={popupAnchor}
            data-alarm-severity={selectedAlarm?.severity ?? ''}
          >
            <PolePopup poleId={selectedId} alarm={selectedAlarm} onClose={() => setSelected(null)} />
          </div>
        )}
      </div>
    </div>
  );
}
