import type { StrategyAction, StrategyInput, StrategyTarget } from '@ics/contract/server';
import type { Database, Queryable } from '../../../db/database';
import { containing, pageRows, type ScopeFilter, Where } from '../../../http/sql-where';
import { deviceRelation, poleRelation } from '../../device';

export type StrategyRow = {
  id: string;
  project_id: string;
  name: string;
  priority: number;
  enabled: boolean;
  start_date: string | Date | null;
  end_date: string | Date | null;
  weekdays: number[];
  actions: StrategyAction[];
  fallback_level: number | null;
  remark: string | null;
  version: number;
  create_by: string | null;
  create_time: Date;
  update_time: Date;
  targets: StrategyTarget[] | null;
};

/** A lamp of a project as strategies plan for it: where it stands and what it belongs to. */
export type PlanLampRow = {
  id: string;
  gateway_id: string;
  latitude: number | null;
  longitude: number | null;
  groups: string[] | null;
};

/** A `date` column read back: drivers give a Date at local midnight of the server. */
function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A `date` column as `YYYY-MM-DD` (null stays null). */
export const dateText = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : localDate(v);

const STRATEGY_SELECT = `select s.*, coalesce((select json_agg(json_build_object('kind', t.kind, 'id', t.target_id)
    order by t.kind, t.target_id) from lighting_strategy_target t where t.strategy_id = s.id), '[]'::json) as targets
  from lighting_strategy s`;

/** The values of a strategy's row, in the order of the insert's and the update's parameters. */
const values = (b: StrategyInput) => [
  b.projectId,
  b.name,
  b.priority,
  b.enabled,
  b.startDate ?? null,
  b.endDate ?? null,
  [...new Set(b.weekdays)].sort(),
  JSON.stringify(b.actions),
  b.fallbackLevel ?? null,
  b.remark ?? null,
];

/**
 * The SQL of strategies (`lighting_strategy`) and their targets (`lighting_strategy_target`),
 * and of the lamps they plan for (the device module's relations with the groups' lamps).
 */
export class StrategyRepository {
  constructor(private readonly db: Database) {}

  async list(
    scope: ScopeFilter,
    q: {
      projectId?: string | undefined;
      name?: string | undefined;
      enabled?: '0' | '1' | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ rows: StrategyRow[]; total: number }> {
    const w = new Where().scope(scope, 's.project_id');
    if (q.projectId) w.add('s.project_id = ?', q.projectId);
    if (q.name) w.add('s.name ilike ?', containing(q.name));
    if (q.enabled) w.add('s.enabled = ?', q.enabled === '1');
    return pageRows<StrategyRow>(
      this.db,
      w,
      q,
      STRATEGY_SELECT,
      'from lighting_strategy s',
      's.priority desc, s.update_time desc, s.id',
    );
  }

  async strategy(id: string): Promise<StrategyRow | undefined> {
    const [row] = await this.db.query<StrategyRow>(`${STRATEGY_SELECT} where s.id = $1`, [id]);
    return row;
  }

  /** The enabled strategies of a project. */
  enabledOf(projectId: string): Promise<StrategyRow[]> {
    return this.db.query<StrategyRow>(`${STRATEGY_SELECT} where s.project_id = $1 and s.enabled`, [
      projectId,
    ]);
  }

  /** The projects with an enabled strategy. */
  async projectsWithEnabled(): Promise<string[]> {
    const rows = await this.db.query<{ project_id: string }>(
      'select distinct project_id from lighting_strategy where enabled',
    );
    return rows.map((r) => r.project_id);
  }

  /** Replaces a strategy's targets (each once). */
  private async writeTargets(tx: Queryable, id: string, b: StrategyInput) {
    await tx.query('delete from lighting_strategy_target where strategy_id = $1', [id]);
    const targets = b.targets.filter(
      (t, i) => b.targets.findIndex((o) => o.kind === t.kind && o.id === t.id) === i,
    );
    await tx.query(
      `insert into lighting_strategy_target (strategy_id, kind, target_id)
       select $1, k, t from unnest($2::text[], $3::text[]) as v(k, t)`,
      [id, targets.map((t) => t.kind), targets.map((t) => t.id)],
    );
  }

  /** Adds a strategy with its targets; answers its id. */
  insert(b: StrategyInput, username: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into lighting_strategy (project_id, name, priority, enabled, start_date, end_date, weekdays, actions,
           fallback_level, remark, create_by)
         values ($1, $2, $3, $4, $5, $6, $7::int[], $8::jsonb, $9, $10, $11) returning id`,
        [...values(b), username],
      );
      await this.writeTargets(tx, row!.id, b);
      return row!.id;
    });
  }

  /** Rewrites a strategy and its targets; its version goes up. */
  async update(id: string, b: StrategyInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update lighting_strategy set project_id = $2, name = $3, priority = $4, enabled = $5, start_date = $6,
           end_date = $7, weekdays = $8::int[], actions = $9::jsonb, fallback_level = $10, remark = $11,
           version = version + 1, update_time = now()
         where id = $1`,
        [id, ...values(b)],
      );
      await this.writeTargets(tx, id, b);
    });
  }

  /** Deletes strategies within a scope; answers the projects they belonged to. */
  async delete(scope: ScopeFilter, ids: string[]): Promise<string[]> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    const rows = await this.db.query<{ project_id: string }>(
      `delete from lighting_strategy ${w.sql} returning project_id`,
      w.params,
    );
    return [...new Set(rows.map((r) => r.project_id))];
  }

  /** The lamps of a project (or those among `lampIds`, or behind `gatewayIds`) with their pole's position and groups. */
  planLamps(
    projectId: string,
    filter: { lampIds?: readonly string[] | undefined; gatewayIds?: readonly string[] | undefined },
  ): Promise<PlanLampRow[]> {
    const w = new Where().add(`d.kind = 'lamp'`).add('d.project_id = ?', projectId);
    if (filter.lampIds) w.add('d.id = any(?::text[])', filter.lampIds);
    if (filter.gatewayIds) w.add('d.gateway_id = any(?::text[])', filter.gatewayIds);
    return this.db.query<PlanLampRow>(
      `select d.id, d.gateway_id, p.latitude, p.longitude,
          (select array_agg(gl.group_id) from lighting_group_lamp gl where gl.device_id = d.id) as groups
         from (${deviceRelation}) d left join (${poleRelation}) p on p.id = d.pole_id ${w.sql}`,
      w.params,
    );
  }
}
