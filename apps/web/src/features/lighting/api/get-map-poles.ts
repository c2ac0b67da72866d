import { areaRoutes, decodePoleColumns, type PoleColumns, type PoleMapStatesDto } from '@ics/contract';
import type { AxiosResponseTransformer } from 'axios';
import { call, unwrap } from '../../../shared/lib/http';
import { type PoleSet, toPoleSet, withStates } from '../utils/pole-state';

/** The columns last received per project filter, with their ETag: the server answers 304 while it holds. */
const held = new Map<string, { etag: string; columns: PoleColumns }>();

/** A 304 is an answer here (the held copy), not an error. */
const keepStatus = (status: number) => (status >= 200 && status < 300) || status === 304;

/**
 * `GET /lighting/pole/mapColumns`: the poles, their positions, kinds and codes (changes only
 * when poles or devices do), as the binary columns of pole-columns.ts — read without a JSON
 * parse on the page's thread. Sent with `If-None-Match` when a copy is held; a 304 reuses it.
 */
export async function fetchPoleColumns(projectId?: string, quiet = false): Promise<PoleColumns> {
  const key = projectId ?? '';
  const copy = held.get(key);
  let etag: string | undefined;
  let notModified = false;
  const keepHeaders: AxiosResponseTransformer = (data, headers, status) => {
    etag = headers.etag as string | undefined;
    notModified = status === 304;
    return data;
  };
  const body = (await call(
    areaRoutes.poleMapColumns,
    { query: projectId ? { projectId } : {} },
    {
      responseType: 'arraybuffer',
      headers: copy ? { 'If-None-Match': copy.etag } : {},
      validateStatus: keepStatus,
      transformResponse: [keepHeaders],
      ...(quiet ? { silentStatuses: QUIET_STATUSES } : {}),
    },
  )) as unknown as ArrayBuffer;
  if (notModified && copy) return copy.columns;
  const columns = decodePoleColumns(body);
  if (etag) held.set(key, { etag, columns });
  return columns;
}

/** `GET /lighting/pole/mapStates`: one state digit per pole, in the map's order. */
export async function fetchPoleStates(projectId?: string, quiet = false): Promise<PoleMapStatesDto> {
  return unwrap(
    await call(
      areaRoutes.poleMapStates,
      { query: projectId ? { projectId } : {} },
      quiet ? { silentStatuses: QUIET_STATUSES } : {},
    ),
  );
}

/** Both parts, requested together; loaded again if the poles changed in between. */
export async function loadPoleSet(projectId?: string, quiet = false): Promise<PoleSet> {
  for (let attempt = 0; ; attempt++) {
    const [map, states] = await Promise.all([
      fetchPoleColumns(projectId, quiet),
      fetchPoleStates(projectId, quiet),
    ]);
    if (map.version === states.version || attempt === 2) return toPoleSet(map, states.states);
  }
}

/** A preload fails silently: the page then loads again and shows what went wrong. */
const QUIET_STATUSES = [0, 400, 401, 403, 404, 409, 500, 502, 503, 504];
/** A preloaded answer is used by a page that mounts within this time, else loaded afresh. */
const PRELOAD_FRESH_MS = 10_000;
let preloaded: { at: number; poles: Promise<PoleSet> } | null = null;

/**
 * Starts loading every pole of the caller's projects while the console is still starting (the
 * map's route loader calls it, in parallel with the permission load and the page's code), so
 * that the page finds the data ready when it mounts. Does nothing when a load is under way or
 * the map was loaded before.
 */
export function preloadPoleSet(): void {
  // Only the console's first map load is worth starting early; later ones revalidate cheaply.
  if (held.size > 0) return;
  if (preloaded && performance.now() - preloaded.at < PRELOAD_FRESH_MS) return;
  const poles = loadPoleSet(undefined, true);
  poles.catch(() => undefined);
  preloaded = { at: performance.now(), poles };
}

/** The first load of the map page: the preloaded poles when fresh and loaded well, else a new load. */
export async function firstPoleSet(): Promise<PoleSet> {
  const taken = preloaded;
  preloaded = null;
  if (taken && performance.now() - taken.at < PRELOAD_FRESH_MS) {
    const poles = await taken.poles.catch(() => null);
    if (poles) return poles;
  }
  return loadPoleSet();
}

/**
 * New states for the poles held: the same columns with new state codes, or a fresh load when
 * the server's poles changed meanwhile.
 */
export async function refreshPoleStates(poles: PoleSet, projectId?: string): Promise<PoleSet> {
  const states = await fetchPoleStates(projectId);
  if (states.version !== poles.version) return loadPoleSet(projectId);
  return withStates(poles, states.states);
}

/** The id of the pole at `index` of the map's columns of `version` (409 once the poles changed). */
export async function fetchPoleId(version: string, index: number, projectId?: string): Promise<string> {
  const query = { version, index, ...(projectId ? { projectId } : {}) };
  return unwrap(await call(areaRoutes.poleMapPole, { query })).id;
}
