import type { ChildKind } from '@ics/contract';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLivePatches } from '../../../shared/lib/realtime/live-state';
import { loadMapData, type MapData } from '../api/map-poles';
import { fetchTileUrl } from '../api/tile-url';
import { useFeedback } from '../hooks/use-feedback';
import '../locales';
import { createMapEngine, DEFAULT_CENTER, DEFAULT_ZOOM, type MapEngine } from '../utils/map-engine';
import {
  filterPoles,
  type MapPole,
  mapKinds,
  type PoleState,
  poleStates,
  stateColors,
  toFeatureCollection,
} from '../utils/pole-state';
import { PolePopup } from './pole-popup';
import './gis-page.css';

/** Live device events recolour the map by reloading it (one request), at most this often. */
const RELOAD_MS = 10_000;

declare global {
  interface Window {
    /** Set once the first load of poles is drawn: how many, and ms since the page was mounted (benchmarks, tests). */
    __icsMapReady?: { poles: number; ms: number; engine: MapEngine['kind'] };
  }
}

/**
 * `/gis/GlrGis` (and its siblings): every pole of the caller's projects on a map, clustered
 * when zoomed out and coloured by state, with filters, search by code and a popup per pole
 * with live values and lamp controls.
 */
export default function GisPage() {
  const { t } = useTranslation('gis');
  const feedback = useFeedback();
  const container = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const engineKind = engine?.kind ?? null;
  const [data, setData] = useState<MapData | null>(null);
  const [poles, setPoles] = useState<MapPole[]>([]);
  const [kinds, setKinds] = useState<ChildKind[]>([]);
  const [states, setStates] = useState<PoleState[]>([]);
  const [clustering, setClustering] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [, setMoves] = useState(0);
  const patches = useLivePatches();
  const mountedAt = useRef(performance.now());

  // The map engine: MapLibre (WebGL) or the canvas fallback, created once.
  useEffect(() => {
    let disposed = false;
    let created: MapEngine | null = null;
    let moveFrame = 0;
    const forceCanvas =
      new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('renderer') === 'canvas';
    void fetchTileUrl().then(async (tileUrl) => {
      if (disposed || !container.current) return;
      created = await createMapEngine(
        {
          container: container.current,
          center: DEFAULT_CENTER,
          zoom: DEFAULT_ZOOM,
          tileUrl,
          clustering: true,
          onPoleClick: (id) => setSelected(id),
          onMove: () => {
            if (!moveFrame)
              moveFrame = requestAnimationFrame(() => {
                moveFrame = 0;
                setMoves((n) => n + 1);
              });
          },
        },
        forceCanvas,
      );
      if (disposed) {
        created.destroy();
        return;
      }
      setEngine(created);
    });
    return () => {
      disposed = true;
      cancelAnimationFrame(moveFrame);
      created?.destroy();
      setEngine(null);
    };
  }, []);

  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void reloads;
    loadMapData()
      .then((loaded) => {
        if (cancelled) return;
        setData(loaded);
        setPoles(loaded.poles);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [reloads]);

  // Live state: the server aggregates pole states, so a device event reloads the map (throttled).
  const reloadTimer = useRef(0);
  useEffect(() => {
    if (patches.size === 0 || reloadTimer.current) return;
    reloadTimer.current = window.setTimeout(() => {
      reloadTimer.current = 0;
      setReloads((n) => n + 1);
    }, RELOAD_MS);
  }, [patches]);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const shown = useMemo(() => filterPoles(poles, kinds, states), [poles, kinds, states]);
  const byId = useMemo(() => new Map(poles.map((p) => [p.id, p])), [poles]);

  useEffect(() => {
    if (!engine) return;
    const drawn = engine.setData(toFeatureCollection(shown));
    if (data && !window.__icsMapReady)
      void drawn.then(() => {
        window.__icsMapReady ??= {
          poles: shown.length,
          ms: Math.round(performance.now() - mountedAt.current),
          engine: engine.kind,
        };
      });
  }, [shown, engine, data]);
  useEffect(
    () => () => {
      window.__icsMapReady = undefined;
    },
    [],
  );

  // Centre on the project's poles once they arrive.
  const centred = useRef(false);
  useEffect(() => {
    if (centred.current || !engine || poles.length === 0) return;
    centred.current = true;
    const lng = poles.reduce((s, p) => s + p.lng, 0) / poles.length;
    const lat = poles.reduce((s, p) => s + p.lat, 0) / poles.length;
    engine.flyTo(lng, lat, DEFAULT_ZOOM + 1, false);
  }, [poles, engine]);

  useEffect(() => engine?.setClustering(clustering), [clustering, engine]);
  useEffect(() => engine?.setSelected(selected), [selected, engine]);

  const counts = useMemo(() => {
    const c: Record<PoleState, number> = { on: 0, off: 0, fault: 0, offline: 0, none: 0 };
    for (const p of poles) c[p.state]++;
    return c;
  }, [poles]);

  const findPole = useCallback(
    (code: string) => {
      const wanted = code.trim().toLowerCase();
      if (!wanted) return;
      const pole =
        poles.find((p) => p.code.toLowerCase() === wanted) ??
        poles.find((p) => p.code.toLowerCase().includes(wanted));
      if (!pole) {
        feedback.warning(t('notFound', { code }));
        return;
      }
      engine?.flyTo(pole.lng, pole.lat, 17);
      setSelected(pole.id);
    },
    [poles, feedback, t, engine],
  );

  const options = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    if (!wanted) return [];
    return poles
      .filter((p) => p.code.toLowerCase().includes(wanted))
      .slice(0, 20)
      .map((p) => ({ value: p.code, label: p.code }));
  }, [poles, search]);

  const selectedPole = selected ? byId.get(selected) : undefined;
  const anchor = selectedPole && engine ? engine.project(selectedPole.lng, selectedPole.lat) : null;

  return (
    <div className="ics-gis" data-testid="gis-page">
      <div className="ics-gis__toolbar">
        <AutoComplete
          data-testid="gis-search"
          style={{ width: 240 }}
          options={options}
          value={search}
          onChange={setSearch}
          onSelect={(code: string) => findPole(code)}
          placeholder={t('search')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') findPole(search);
          }}
          allowClear
        />
        <Select<ChildKind[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('kinds.all')}
          value={kinds}
          onChange={setKinds}
          data-testid="gis-kind-filter"
          options={mapKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
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
                {t(`states.${s}`)} ({counts[s]})
              </span>
            ),
          }))}
        />
        <span>
          {t('cluster')} <Switch size="small" checked={clustering} onChange={setClustering} />
        </span>
        <span className="ics-gis__count" data-testid="gis-count">
          {t('count', { shown: shown.length, total: poles.length })}
        </span>
      </div>
      {engineKind === 'canvas' && <Alert type="info" showIcon title={t('canvasFallback')} banner />}
      <div className="ics-gis__map" data-testid="gis-map" data-engine={engineKind ?? ''}>
        <div ref={container} className="ics-gis__canvas" />
        {(!data || !engineKind) && (
          <div className="ics-gis__loading">
            <Spin tip={t('loading')}>
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </div>
        )}
        {selected && anchor && (
          <div className="ics-gis__popup-anchor" style={{ left: anchor.x, top: anchor.y }}>
            <PolePopup poleId={selected} patches={patches} onClose={() => setSelected(null)} />
          </div>
        )}
      </div>
    </div>
  );
}
