import type { Queryable } from '../../../db/database';
import { type ScopeFilter, Where } from '../../../http/sql-where';
import { deviceRelation, deviceStateRelation, poleRelation } from '../../device';

/** Separates the packed `id + state digit` items of the states query (never in an id). */
export const SEPARATOR = '\u001f';

/**
 * A lamp's rank from its latest state, in SQL over the state relation `s`: offline 3 when not
 * online, else fault 4 with an open fault, else on 2 when switched on at a level above 0, else off 1.
 */
const LAMP_RANK_SQL = `case when not s.online then 3
  when jsonb_array_length(s.faults) > 0 then 4
  when s.vals->>'on' = 'true' and (jsonb_typeof(s.vals->'level') <> 'number' or (s.vals->>'level')::float8 > 0) then 2
  else 1 end`;

/** Whose poles: a caller's projects, narrowed to one project when asked. */
export type MapFilter = { scope: ScopeFilter; projectId: string | undefined };

/** `where` over the filter's projects on `column`, with extra conditions. */
function where({ scope, projectId }: MapFilter, column: string, ...conditions: string[]): Where {
  const w = new Where();
  for (const c of conditions) w.add(c);
  w.scope(scope, column);
  if (projectId) w.add(`${column} = ?`, projectId);
  return w;
}

/**
 * The map's reads: the registry version (`lighting_map_version`, bumped by triggers on poles and
 * devices), and poles, devices and states through the device module's relations.
 */
export class PoleMapRepository {
  constructor(private readonly db: Queryable) {}

  /** The current registry version (a decimal string). */
  async version(): Promise<string> {
    const [row] = await this.db.query<{ version: string }>(
      'select version::text as version from lighting_map_version where id = 1',
    );
    return row?.version ?? '0';
  }

  /** The poles of the filter's projects, and the devices mounted on poles. */
  placements(filter: MapFilter) {
    const poles = where(filter, 'p.project_id');
    const devices = where(filter, 'd.project_id', 'd.pole_id is not null');
    return Promise.all([
      this.db.query<{ id: string; code: string; lng: number; lat: number }>(
        `select p.id, p.code, p.longitude as lng, p.latitude as lat from (${poleRelation}) p ${poles.sql}`,
        poles.params,
      ),
      this.db.query<{ id: string; pole_id: string; kind: string }>(
        `select d.id, d.pole_id, d.kind from (${deviceRelation}) d ${devices.sql}`,
        devices.params,
      ),
    ]);
  }

  /**
   * Every lamp's rank as one text value of `id + digit` items separated by {@link SEPARATOR}
   * instead of 100,000 rows: the driver builds no row objects. An administrator without a
   * project filter reads the states alone (devices that are not lamps rank too; the caller
   * ignores ids it does not know).
   */
  async packedRanks(filter: MapFilter): Promise<string> {
    const all = filter.scope === 'all' && !filter.projectId;
    const w = all ? new Where() : where(filter, 'd.project_id', `d.kind = 'lamp'`);
    const [row] = await this.db.query<{ packed: string | null }>(
      `select string_agg(s.device_id || chr(48 + ${LAMP_RANK_SQL}), '${SEPARATOR}') as packed
         from (${deviceStateRelation}) s ${all ? '' : `join (${deviceRelation}) d on d.id = s.device_id`} ${w.sql}`,
      w.params,
    );
    return row?.packed ?? '';
  }
}
