import { createHash } from 'node:crypto';
import type { PoleMapDto, PoleMapStatesDto } from '@ics/contract/server';
import { childKinds, encodePoleColumns, poleKindBit } from '@ics/contract/server';
import { conflict, notFound } from '../../../lib/errors';
import { TtlCache } from '../../../lib/ttl-cache';
import type { ProjectScopeService } from '../../project';
import { type MapFilter, type PoleMapRepository, SEPARATOR } from './pole-map.repository';

/** States are computed at most this often per scope: many consoles reloading together share one query. */
export const MAP_STATES_TTL_MS = 1_000;
/** Registries kept (one per distinct scope); the least recently built goes first. */
const MAX_REGISTRIES = 16;
/** A lamp without a state row has never been seen: offline (its rank). */
const UNSEEN_RANK = 3;

const KIND_BIT = new Map(childKinds.map((k) => [k, poleKindBit(k)]));
/** About 11 cm: enough for a map, and a smaller answer at 100k poles. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

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

/**
 * `GET /lighting/pole/map` and `…/mapStates` at 100,000 poles. The static part (poles, their
 * positions, the kinds mounted) is built once per scope and registry version — a counter that
 * database triggers bump on any change to poles or devices' placement (migration 0065), read
 * with one tiny query per request, so every API node notices a change made by another. The
 * live part (each pole's worst lamp state) is one packed string from one aggregate read of
 * the lamps' states, mapped to poles through the cached registry: no per-row objects, no sort.
 */
export class PoleMapService {
  private readonly registries = new Map<string, Promise<PoleMapRegistry>>();
  private readonly states = new TtlCache<string, PoleMapStatesDto>(MAP_STATES_TTL_MS, 1_000);

  constructor(
    private readonly repo: PoleMapRepository,
    private readonly scopes: ProjectScopeService,
  ) {}

  /** The static part for the caller (built when the registry changed since the cached one). */
  async registry(userId: string, projectId?: string): Promise<PoleMapRegistry> {
    const filter: MapFilter = { scope: await this.scopes.scopeOf(userId), projectId };
    const key = scopeKey(filter);
    const version = await this.repo.version();
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
    const filter: MapFilter = { scope: await this.scopes.scopeOf(userId), projectId };
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

  private async build(filter: MapFilter, key: string, version: string): Promise<PoleMapRegistry> {
    // The version was read before these: a change committed meanwhile is in the rows and bumps
    // the counter again, so at worst the next request rebuilds once more — never serves stale.
    const [poles, devices] = await this.repo.placements(filter);
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

  private async computeStates(filter: MapFilter, registry: PoleMapRegistry): Promise<PoleMapStatesDto> {
    // Ids not in the registry (devices that are not lamps, lamps added since) are ignored.
    const packed = await this.repo.packedRanks(filter);
    const lampRank = new Uint8Array(registry.lampPole.length).fill(UNSEEN_RANK);
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
function scopeKey({ scope, projectId }: MapFilter): string {
  return `${scope === 'all' ? '*' : [...scope].sort().join(',')}|${projectId ?? ''}`;
}
