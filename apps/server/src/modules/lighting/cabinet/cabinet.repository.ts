import type { CabinetDto } from '@ics/contract/server';
import type { Database } from '../../../db/database';
import { containing, isoOrNull, pageOf, type ScopeFilter, Where } from '../../../http/sql-where';
import { gatewayRelation } from '../../device';

/** A cabinet's own fields (its circuits come from the circuit repository). */
export type CabinetFields = Omit<
  CabinetDto,
  'id' | 'circuits' | 'createTime' | 'gatewaySn' | 'gatewayOnline'
>;

type CabinetRow = {
  id: string;
  project_id: string;
  code: string;
  name: string;
  gateway_id: string | null;
  gateway_sn: string | null;
  gateway_online: boolean;
  pole_id: string | null;
  longitude: number | null;
  latitude: number | null;
  remark: string | null;
  create_time: Date;
};

/** A cabinet without its circuits. */
export type CabinetRecord = Omit<CabinetDto, 'circuits'>;

const toCabinet = (r: CabinetRow): CabinetRecord => ({
  id: r.id,
  projectId: r.project_id,
  code: r.code,
  name: r.name,
  gatewayId: r.gateway_id ?? null,
  gatewaySn: r.gateway_sn ?? null,
  gatewayOnline: Boolean(r.gateway_online),
  poleId: r.pole_id ?? null,
  longitude: r.longitude ?? null,
  latitude: r.latitude ?? null,
  remark: r.remark ?? null,
  createTime: isoOrNull(r.create_time)!,
});

/** The SQL of cabinets (`lighting_cabinet`); their gateways are read through the device module's relation. */
export class CabinetRepository {
  constructor(private readonly db: Database) {}

  private async select(
    w: Where,
    page: { pageNo: number; pageSize: number } | null,
  ): Promise<CabinetRecord[]> {
    const rows = await this.db.query<CabinetRow>(
      `select c.*, g.sn as gateway_sn, coalesce(g.online, false) as gateway_online
         from lighting_cabinet c left join (${gatewayRelation}) g on g.id = c.gateway_id ${w.sql}
        order by c.code, c.id ${page ? pageOf(page) : ''}`,
      w.params,
    );
    return rows.map(toCabinet);
  }

  async list(
    scope: ScopeFilter,
    q: {
      projectId?: string | undefined;
      gatewayId?: string | undefined;
      keyword?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ rows: CabinetRecord[]; total: number }> {
    const w = new Where().scope(scope, 'c.project_id');
    if (q.projectId) w.add('c.project_id = ?', q.projectId);
    if (q.gatewayId) w.add('c.gateway_id = ?', q.gatewayId);
    if (q.keyword) w.add('(c.code ilike ? or c.name ilike ?)', containing(q.keyword), containing(q.keyword));
    const [rows, [count]] = await Promise.all([
      this.select(w, q),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_cabinet c ${w.sql}`, w.params),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async cabinet(id: string): Promise<CabinetRecord | undefined> {
    const [cabinet] = await this.select(new Where().add('c.id = ?', id), null);
    return cabinet;
  }

  /** Adds a cabinet with circuits 1…`circuitCount` named “Circuit n”; answers its id. */
  insert(c: CabinetFields, circuitCount: number, username: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into lighting_cabinet (project_id, code, name, gateway_id, pole_id, longitude, latitude, remark, create_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [c.projectId, c.code, c.name, c.gatewayId, c.poleId, c.longitude, c.latitude, c.remark, username],
      );
      if (circuitCount > 0)
        await tx.query(
          `insert into lighting_circuit (cabinet_id, project_id, channel, name)
           select $1, $2, n, 'Circuit ' || n from generate_series(1, $3::int) n`,
          [row!.id, c.projectId, circuitCount],
        );
      return row!.id;
    });
  }

  async update(id: string, c: Omit<CabinetFields, 'projectId'>): Promise<void> {
    await this.db.query(
      `update lighting_cabinet set code = $2, name = $3, gateway_id = $4, pole_id = $5, longitude = $6, latitude = $7,
         remark = $8, update_time = now() where id = $1`,
      [id, c.code, c.name, c.gatewayId, c.poleId, c.longitude, c.latitude, c.remark],
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from lighting_cabinet where id = $1', [id]);
  }
}
