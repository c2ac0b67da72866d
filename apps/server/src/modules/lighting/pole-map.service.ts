import { createHash } from 'node:crypto';
import type { PoleMapDto, PoleMapStatesDto } from '@ics/contract/server';
import { childKinds, encodePoleColumns, poleKindBit } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import type { ProjectScope, ProjectScopeService } from '../project';

/** States are computed at most this often per scope: many consoles reloading together share one query. */
export const MAP_STATES_TTL_MS = 1_000;
/** Registries kept (one per distinct scope); the least recently built goes first. */
const MAX_REGISTRIES = 16;
/** Separates the packed `id + state digit` items of the states query (never in an id). */
const SEPARATOR = '\u001f';
/** A lamp without a state row has never been seen: offline (its rank). */
const UNSEEN_RANK = 3;

const KIND_BIT = new Map(childKinds.map((k) => [k, poleKindBit(k)]));
/** About 11 cm: enough for a map, and a smaller answer at 100k poles. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A lamp's rank from its latest state, in SQL over `dev_state s`: offline 3 when not online,
 * else fault 4 with an open fault, else on 2 when switched on at a level above 0, else off 1.
 */
const LAMP_RANK_SQL = `case when not s.online then 3
  when jsonb_array_length(s.faults) > 0 then 4
  when s.vals->>'on' = 'true' and (jsonb_typeof(s.vals->'level') <> 'number' or (s.vals->>'level')::float8 > 0) then 2
  else 1 end`;

/** The cached static part of one scope's map, valid while the registry version is unchanged. */
export type PoleMapRegistry = {
  version: string;
  /** The answer's `result`, serialised once. */
  json: string;
  /** The same columns in the binary layout of `GET /lighting/pole/mapColumns`. */
  columns: Buffer;
  /** Names this representation: version, scope (and language, added by the reply). */
  etag: string;
  /** Pole ids in the columns' order (not sent with the map: `poleIdAt`). */
  ids: string[];
  /** Lamp device id → index of the lamp in `lampPole`. */
  lampIndex: Map<string, number>;
  /** Index of each lamp's pole. */
  lampPole: Int32Array;
  poles: number;
  /** Encoded answers by `language|encoding` (envelope included) or `columns|encoding`, made on first use. */
  encoded: Map<string, Buffer>;
};

type Filter = { scope: ProjectScope; projectId: string | undefined };

/**
 * `GET /lighting/pole/map` and `…/mapStates` at 100,000 poles. The static part (poles, their
 * positions, the kinds mounted) is built once per scope and registry version — a counter that
 * database triggers bump on any change to poles or devices' placement (migration 0065), read
 * with one tiny query per request, so every API node notices a change made by another. The
 * live part (each pole's worst lamp state) is one packed string from one aggregate read of
 * `dev_state`, mapped to poles through the cached registry: no per-row objects, no sort.
 */
export class PoleMapService {
  private readonly registries = new Map<string, Promise<PoleMapRegistry>>();
  private readonly states = new TtlCache<string, PoleMapStatesDto>(MAP_STATES_TTL_MS, 1_000);

  constructor(
    private readonly db: Queryable,
    private readonly scopes: ProjectScopeService,
  ) {}

  /** The current registry version (a decimal string). */
  async version(): Promise<string> {
    const [row] = await this.db.query<{ version: string }>(
      'select version::text as version from lighting_map_version where id = 1',
    );
    return row?.version ?? '0';
  }

  /** The static part for the caller (built when the registry changed since the cached one). */
  async registry(userId: string, projectId?: string): Promise<PoleMapRegistry> {
    const filter: Filter = { scope: await this.scopes.scopeOf(userId), projectId };
    const key = scopeKey(filter);
    const version = await this.version();
    const cached = this.registries.get(key);
    if (cached) {
      const hit = await cached.catch(() => null);
      if (hit && hit.version === version) return hit;
      // Another request may have started a newer build meanwhile: use that one.
      const latest = this.registries.get(key);
      if (latest && latest !== cached) {
        const built = await latest.catch(() => null);
        if (built && built.version === version) return built;
      }
    }
    const building = this.build(filter, key, version);
    this.registries.delete(key);
    this.registries.set(key, building);
    while (this.registries.size > MAX_REGISTRIES) {
      const oldest = this.registries.keys().next().value as string;
      this.registries.delete(oldest);
    }
    building.catch(() => {
      if (this.registries.get(key) === building) this.registries.delete(key);
    });
    return building;
  }

  /** Every pole's state, one digit per pole in the order of the registry of `version`. */
  async poleStates(userId: string, projectId?: string): Promise<PoleMapStatesDto> {
    const filter: Filter = { scope: await this.scopes.scopeOf(userId), projectId };
    const key = scopeKey(filter);
    const registry = await this.registry(userId, projectId);
    const states = await this.states.get(`${key}|${registry.version}`, () =>
      this.computeStates(filter, registry),
    );
    return states;
  }

  /**
   * The id of the pole at `index` of the map the caller received as `version`; 409 when the
   * poles changed since (the console loads the map again), 404 past the end.
   */
  async poleIdAt(
    userId: string,
    version: string,
    index: number,
    projectId?: string,
  ): Promise<{ id: string }> {
    const registry = await this.registry(userId, projectId);
    if (registry.version !== version) throw conflict('lighting.map_changed');
    const id = registry.ids[index];
    if (id === undefined) throw notFound('lighting.pole_not_found');
    return { id };
  }

  /** Forgets every cached registry and state (tests; the version check makes it unnecessary otherwise). */
  clear(): void {
    this.registries.clear();
    this.states.clear();
  }

  private async build(filter: Filter, key: string, version: string): Promise<PoleMapRegistry> {
    const poleWhere = where(filter, 'p.project_id');
    const deviceWhere = where(filter, 'd.project_id', 'd.pole_id is not null');
    // The version was read before these: a change committed meanwhile is in the rows and bumps
    // the counter again, so at worst the next request rebuilds once more — never serves stale.
    const [poles, devices] = await Promise.all([
      this.db.query<{ id: string; code: string; lng: number; lat: number }>(
        `select p.id, p.code, p.longitude as lng, p.latitude as lat from dev_pole p ${poleWhere.sql}`,
        poleWhere.params,
      ),
      this.db.query<{ id: string; pole_id: string; kind: string }>(
        `select d.id, d.pole_id, d.kind from dev_device d ${deviceWhere.sql}`,
        deviceWhere.params,
      ),
    ]);
    const n = poles.length;
    const dto: PoleMapDto = {
      version,
      codes: new Array(n),
      lng: new Array(n),
      lat: new Array(n),
      kinds: new Array(n).fill(0),
    };
    const ids: string[] = new Array(n);
    const poleIndex = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const p = poles[i]!;
      ids[i] = p.id;
      dto.codes[i] = p.code;
      dto.lng[i] = round6(p.lng);
      dto.lat[i] = round6(p.lat);
      poleIndex.set(p.id, i);
    }
    const lampIndex = new Map<string, number>();
    const lampPole: number[] = [];
    for (const d of devices) {
      const pole = poleIndex.get(d.pole_id);
      if (pole === undefined) continue;
      dto.kinds[pole]! |= KIND_BIT.get(d.kind as (typeof childKinds)[number]) ?? 0;
      if (d.kind === 'lamp') {
        lampIndex.set(d.id, lampPole.length);
        lampPole.push(pole);
      }
    }
    const etag = `pm-${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 12)}`;
    return {
      version,
      json: JSON.stringify(dto),
      columns: Buffer.from(encodePoleColumns(dto)),
      etag,
      ids,
      lampIndex,
      lampPole: Int32Array.from(lampPole),
      poles: n,
      encoded: new Map(),
    };
  }

  private async computeStates(filter: Filter, registry: PoleMapRegistry): Promise<PoleMapStatesDto> {
    // One text value instead of 100,000 rows: the driver builds no row objects. An administrator
    // without a project filter reads `dev_state` alone; ids not in the registry are ignored.
    const all = filter.scope === 'all' && !filter.projectId;
    const w = all ? where(filter, '') : where(filter, 'd.project_id', `d.kind = 'lamp'`);
    const [row] = await this.db.query<{ packed: string | null }>(
      `select string_agg(s.device_id || chr(48 + ${LAMP_RANK_SQL}), '${SEPARATOR}') as packed
         from dev_state s ${all ? '' : 'join dev_device d on d.id = s.device_id'} ${w.sql}`,
      w.params,
    );
    const lampRank = new Uint8Array(registry.lampPole.length).fill(UNSEEN_RANK);
    const packed = row?.packed ?? '';
    let start = 0;
    while (start < packed.length) {
      let end = packed.indexOf(SEPARATOR, start);
      if (end < 0) end = packed.length;
      const lamp = registry.lampIndex.get(packed.slice(start, end - 1));
      if (lamp !== undefined) lampRank[lamp] = packed.charCodeAt(end - 1) - 48;
      start = end + 1;
    }
    // ASCII digits: '0' (no lamp) unless a lamp ranks higher.
    const codes = new Uint8Array(registry.poles).fill(48);
    for (let i = 0; i < lampRank.length; i++) {
      const pole = registry.lampPole[i]!;
      const code = 48 + lampRank[i]!;
      if (code > codes[pole]!) codes[pole] = code;
    }
    return { version: registry.version, states: Buffer.from(codes).toString('latin1') };
  }
}

/** A cache key for what the caller may see: their projects and the project filter. */
function scopeKey({ scope, projectId }: Filter): string {
  return `${scope === 'all' ? '*' : [...scope].sort().join(',')}|${projectId ?? ''}`;
}

/** `where` over the caller's projects (and the project filter) on `column`, with extra conditions. */
function where({ scope, projectId }: Filter, column: string, ...conditions: string[]) {
  const parts = [...conditions];
  const params: unknown[] = [];
  if (scope !== 'all') {
    params.push(scope);
    parts.push(`${column} = any($${params.length}::text[])`);
  }
  if (projectId) {
    params.push(projectId);
    parts.push(`${column} = $${params.length}`);
  }
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}
