import type { AreaDto, RoadDto } from '@ics/contract/server';
import type { Database, Queryable } from '../../../db/database';
import { pageRows, type ScopeFilter, Where } from '../../../http/sql-where';
import { poleRelation } from '../../device';

type AreaRow = { id: string; project_id: string; name: string; code: string | null; sort_no: number };
type RoadRow = {
  id: string;
  project_id: string;
  area_id: string;
  area_name: string;
  name: string;
  sort_no: number;
  pole_count: number;
};

/** Where a pole stands in the project → area → road hierarchy. */
export type PolePlace = {
  road_id: string | null;
  road_name: string | null;
  area_id: string | null;
  area_name: string | null;
};

const toArea = (r: AreaRow): AreaDto => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  code: r.code ?? null,
  sortNo: r.sort_no,
});

const toRoad = (r: RoadRow): RoadDto => ({
  id: r.id,
  projectId: r.project_id,
  areaId: r.area_id,
  areaName: r.area_name ?? '',
  name: r.name,
  sortNo: r.sort_no,
  poleCount: r.pole_count ?? 0,
});

const ROAD_FROM = 'from lighting_road r join lighting_area a on a.id = r.area_id';
const ROAD_COLUMNS = `r.*, a.name as area_name,
  (select count(*) from (${poleRelation}) p where p.road_id = r.id)::int as pole_count`;

/** The SQL of areas and roads (`lighting_area`, `lighting_road`); poles are read through the device module's relation. */
export class AreaRepository {
  constructor(private readonly db: Database) {}

  /** The areas and roads of some projects, each by sort number and name. */
  async ofProjects(projectIds: readonly string[]) {
    const [areas, roads] = await Promise.all([
      this.db.query<{ id: string; project_id: string; name: string }>(
        'select id, project_id, name from lighting_area where project_id = any($1::text[]) order by sort_no, name',
        [projectIds],
      ),
      this.db.query<{ id: string; area_id: string; name: string }>(
        'select id, area_id, name from lighting_road where project_id = any($1::text[]) order by sort_no, name',
        [projectIds],
      ),
    ]);
    return { areas, roads };
  }

  async area(id: string): Promise<AreaDto | undefined> {
    const [row] = await this.db.query<AreaRow>('select * from lighting_area where id = $1', [id]);
    return row && toArea(row);
  }

  async insertArea(a: Omit<AreaDto, 'id'>, username: string): Promise<AreaDto> {
    const [row] = await this.db.query<AreaRow>(
      `insert into lighting_area (project_id, name, code, sort_no, create_by) values ($1, $2, $3, $4, $5) returning *`,
      [a.projectId, a.name, a.code, a.sortNo, username],
    );
    return toArea(row!);
  }

  async updateArea(a: Omit<AreaDto, 'projectId'>): Promise<AreaDto> {
    const [row] = await this.db.query<AreaRow>(
      'update lighting_area set name = $2, code = $3, sort_no = $4 where id = $1 returning *',
      [a.id, a.name, a.code, a.sortNo],
    );
    return toArea(row!);
  }

  async deleteArea(id: string): Promise<void> {
    await this.db.query('delete from lighting_area where id = $1', [id]);
  }

  async listRoads(
    scope: ScopeFilter,
    q: { projectId?: string | undefined; areaId?: string | undefined; pageNo: number; pageSize: number },
  ): Promise<{ rows: RoadDto[]; total: number }> {
    const w = new Where().scope(scope, 'r.project_id').equal('r', q, ['projectId', 'areaId']);
    const { rows, total } = await pageRows<RoadRow>(
      this.db,
      w,
      q,
      `select ${ROAD_COLUMNS} ${ROAD_FROM}`,
      ROAD_FROM,
      'a.sort_no, a.name, r.sort_no, r.name',
    );
    return { rows: rows.map(toRoad), total };
  }

  async road(id: string): Promise<RoadDto | undefined> {
    const [row] = await this.db.query<RoadRow>(`select ${ROAD_COLUMNS} ${ROAD_FROM} where r.id = $1`, [id]);
    return row && toRoad(row);
  }

  async insertRoad(r: Pick<RoadDto, 'projectId' | 'areaId' | 'name' | 'sortNo'>, username: string) {
    const [row] = await this.db.query<{ id: string }>(
      `insert into lighting_road (project_id, area_id, name, sort_no, create_by) values ($1, $2, $3, $4, $5) returning id`,
      [r.projectId, r.areaId, r.name, r.sortNo, username],
    );
    return row!.id;
  }

  /** Rewrites a road; `alongside` runs in the same transaction (its poles take a new name). */
  async updateRoad(
    r: Pick<RoadDto, 'id' | 'areaId' | 'name' | 'sortNo'>,
    alongside: (tx: Queryable) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('update lighting_road set area_id = $2, name = $3, sort_no = $4 where id = $1', [
        r.id,
        r.areaId,
        r.name,
        r.sortNo,
      ]);
      await alongside(tx);
    });
  }

  async deleteRoad(id: string): Promise<void> {
    await this.db.query('delete from lighting_road where id = $1', [id]);
  }

  /** The roads of an area. */
  async roadIdsOfArea(areaId: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>('select id from lighting_road where area_id = $1', [
      areaId,
    ]);
    return rows.map((r) => r.id);
  }

  /** The road and area a pole stands on (nulls when on none; undefined when there is no such pole). */
  async placeOfPole(poleId: string): Promise<PolePlace | undefined> {
    const [row] = await this.db.query<PolePlace>(
      `select p.road_id, r.name as road_name, a.id as area_id, a.name as area_name from (${poleRelation}) p
         left join lighting_road r on r.id = p.road_id left join lighting_area a on a.id = r.area_id where p.id = $1`,
      [poleId],
    );
    return row;
  }
}
