import { areaRoutes, type PoleMapDto, type PoleMapStatesDto } from '@ics/contract';
import axios, { type AxiosResponseTransformer } from 'axios';
import { call, unwrap } from '../../../shared/lib/http';
import { decodeStates, type PoleSet, toPoleSet } from '../utils/pole-state';

/** The static answer last received per project filter, with its ETag: the server answers 304 while it holds. */
const held = new Map<string, { etag: string; map: PoleMapDto }>();

const defaultTransforms = ([] as AxiosResponseTransformer[]).concat(axios.defaults.transformResponse ?? []);

/**
 * `GET /lighting/pole/map`: the poles, their positions and kinds (changes only when poles or
 * devices do). Sent with `If-None-Match` when a copy is held; a 304 reuses the copy.
 */
export async function fetchPoleMap(projectId?: string): Promise<PoleMapDto> {
  const key = projectId ?? '';
  const copy = held.get(key);
  let etag: string | undefined;
  let notModified = false;
  const envelope = await call(
    areaRoutes.poleMap,
    { query: projectId ? { projectId } : {} },
    {
      headers: copy ? { 'If-None-Match': copy.etag } : {},
      validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
      transformResponse: [
        ...defaultTransforms,
        (data, headers, status) => {
          etag = headers.etag as string | undefined;
          notModified = status === 304;
          return data;
        },
      ],
    },
  );
  if (notModified && copy) return copy.map;
  const map = unwrap(envelope);
  if (etag) held.set(key, { etag, map });
  return map;
}

/** `GET /lighting/pole/mapStates`: one state digit per pole, in the map's order. */
export async function fetchPoleStates(projectId?: string): Promise<PoleMapStatesDto> {
  return unwrap(await call(areaRoutes.poleMapStates, { query: projectId ? { projectId } : {} }));
}

/** Both parts, requested together; loaded again if the poles changed in between. */
export async function loadPoleSet(projectId?: string): Promise<PoleSet> {
  for (let attempt = 0; ; attempt++) {
    const [map, states] = await Promise.all([fetchPoleMap(projectId), fetchPoleStates(projectId)]);
    if (map.version === states.version || attempt === 2) return toPoleSet(map, states.states);
  }
}

/**
 * New states for the poles held: the same columns with new state codes, or a fresh load when
 * the server's poles changed meanwhile.
 */
export async function refreshPoleStates(poles: PoleSet, projectId?: string): Promise<PoleSet> {
  const states = await fetchPoleStates(projectId);
  if (states.version !== poles.version) return loadPoleSet(projectId);
  return { ...poles, states: decodeStates(states.states, poles.size) };
}

/** The id of the pole at `index` of the map's columns of `version` (409 once the poles changed). */
export async function fetchPoleId(version: string, index: number, projectId?: string): Promise<string> {
  const query = { version, index, ...(projectId ? { projectId } : {}) };
  return unwrap(await call(areaRoutes.poleMapPole, { query })).id;
}
