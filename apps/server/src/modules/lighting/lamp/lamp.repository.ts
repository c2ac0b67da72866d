import type { Database, Queryable } from '../../../db/database';
import { pageOf, type ScopeFilter, Where } from '../../../http/sql-where';
import { deviceRelation, deviceStateRelation, gatewayRelation, lampEnergyRelation } from '../../device';

/** A set of lamps lighting keeps: a group's or a circuit's. */
export type LampSet = { of: 'group' | 'circuit'; id: string };

/** The statements of a set's lamps: `$1` the set's id, `$2` lamp ids; adding and removing answer the lamps changed. */
const SETS: Record<LampSet['of'], { members: string; add: string; remove: string }> = {
  group: {
    members: 'select device_id from lighting_group_lamp where group_id = $1',
    add: `insert into lighting_group_lamp (group_id, device_id) select $1, unnest($2::text[]) on conflict do nothing
          returning device_id`,
    remove:
      'delete from lighting_group_lamp where group_id = $1 and device_id = any($2::text[]) returning device_id',
  },
  // A lamp hangs on one circuit: added to another, it leaves the first.
  circuit: {
    members: 'select device_id from lighting_circuit_lamp where circuit_id = $1',
    add: `insert into lighting_circuit_lamp (device_id, circuit_id) select unnest($2::text[]), $1
          on conflict (device_id) do update set circuit_id = excluded.circuit_id returning device_id`,
    remove:
      'delete from lighting_circuit_lamp where circuit_id = $1 and device_id = any($2::text[]) returning device_id',
  },
};

/** The home page's counts over lamps and gateways. */
export type LampFigures = {
  lamps: { total: number; online: number; lit: number; faults: number } | undefined;
  gateways: { total: number; online: number } | undefined;
  kwh: number | null;
};

/**
 * Lamps as lighting keeps and reads them: the lamps of groups and circuits (`lighting_group_lamp`,
 * `lighting_circuit_lamp`), and through the device module's relations the pages of a set's lamps
 * and the home page's figures.
 */
export class LampRepository {
  constructor(private readonly db: Database) {}

  /** A page of a set's lamp ids in the device list's order (by gateway and address), and their count. */
  async page(
    set: LampSet,
    q: { pageNo: number; pageSize: number },
  ): Promise<{ ids: string[]; total: number }> {
    const { members } = SETS[set.of];
    const [rows, [count]] = await Promise.all([
      this.db.query<{ id: string }>(
        `select d.id from (${deviceRelation}) d where d.id in (${members}) order by d.gateway_id, d.address ${pageOf(q)}`,
        [set.id],
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from (${members}) x`, [set.id]),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }

  /** Adds lamps to a set (in `db`, a transaction, when given); answers how many were not in it. */
  async add(set: LampSet, lampIds: readonly string[], db: Queryable = this.db): Promise<number> {
    return (await db.query(SETS[set.of].add, [set.id, lampIds])).length;
  }

  /** Takes lamps out of a set; answers how many were in it. */
  async remove(set: LampSet, lampIds: readonly string[]): Promise<number> {
    return (await this.db.query(SETS[set.of].remove, [set.id, lampIds])).length;
  }

  /** Lamps (with their state), gateways, and the energy lamps used since `since`, in a scope and project. */
  async figures(scope: ScopeFilter, projectId: string | undefined, since: Date): Promise<LampFigures> {
    const w = new Where().add(`d.kind = 'lamp'`).scope(scope, 'd.project_id');
    if (projectId) w.add('d.project_id = ?', projectId);
    const gw = new Where().scope(scope, 'g.project_id');
    if (projectId) gw.add('g.project_id = ?', projectId);
    const [[lamps], [gateways], [energy]] = await Promise.all([
      this.db.query<{ total: number; online: number; lit: number; faults: number }>(
        `select count(*)::int as total, count(*) filter (where s.online)::int as online,
            count(*) filter (where s.online and s.vals->>'on' = 'true')::int as lit,
            coalesce(sum(jsonb_array_length(coalesce(s.faults, '[]'::jsonb))), 0)::int as faults
           from (${deviceRelation}) d left join (${deviceStateRelation}) s on s.device_id = d.id ${w.sql}`,
        w.params,
      ),
      this.db.query<{ total: number; online: number }>(
        `select count(*)::int as total, count(*) filter (where g.online)::int as online
           from (${gatewayRelation}) g ${gw.sql}`,
        gw.params,
      ),
      this.db.query<{ kwh: number | null }>(
        `select sum(r.energy_delta)::float8 as kwh from (${lampEnergyRelation}) r
           join (${deviceRelation}) d on d.id = r.device_id
          ${w.sql} and r.grain = 'h' and r.bucket >= $${w.params.length + 1}`,
        [...w.params, since.toISOString()],
      ),
    ]);
    return { lamps, gateways, kwh: energy?.kwh ?? null };
  }
}
