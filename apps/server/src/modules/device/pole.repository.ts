import type { PoleDto, poleBodySchema, poleListQuerySchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { isoOrNull, type Paged, type ScopeFilter, sortedPage, Where } from '../../http/sql-where';
import { addWithin, type Within } from './within';

type PoleRow = {
  id: string;
  project_id: string;
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  road: string | null;
  height: number | null;
  create_time: Date;
};

const toPole = (r: PoleRow): PoleDto => ({
  id: r.id,
  projectId: r.project_id,
  code: r.code,
  name: r.name,
  longitude: r.longitude,
  latitude: r.latitude,
  road: r.road,
  height: r.height,
  createTime: isoOrNull(r.create_time)!,
});

/** The values of a pole an edit writes (every field, the unchanged ones as they were). */
export type PoleFields = Omit<PoleDto, 'id' | 'createTime'>;

/** A road of the lighting module that poles stand on: its `road` text is the road's name. */
export type PoleRoad = { id: string; name: string; projectId: string };

/**
 * Read relation: the poles. Columns: id, project_id, code, name, longitude, latitude, road_id
 * (the lighting road it stands on; null when none).
 */
export const poleRelation = 'select id, project_id, code, name, longitude, latitude, road_id from dev_pole';

/** The SQL of poles (`dev_pole`). */
export class PoleRepository {
  constructor(private readonly db: Queryable) {}

  list(scope: ScopeFilter, q: z.output<typeof poleListQuerySchema>): Promise<Paged<PoleDto>> {
    const w = new Where().scope(scope, 'p.project_id').equal('p', q, ['projectId']);
    return sortedPage(this.db, w.contains('p', q, ['code', 'name', 'road']), q, toPole, {
      rows: 'select p.* from dev_pole p',
      countFrom: 'from dev_pole p',
      sortable: { code: 'p.code', name: 'p.name', createTime: 'p.create_time' },
      fallback: 'p.code asc',
      tiebreak: 'p.id',
    });
  }

  async get(scope: ScopeFilter, id: string): Promise<PoleDto | undefined> {
    const w = new Where().add('p.id = ?', id).scope(scope, 'p.project_id');
    const [row] = await this.db.query<PoleRow>(`select p.* from dev_pole p ${w.sql}`, w.params);
    return row && toPole(row);
  }

  async insert(b: z.output<typeof poleBodySchema>, username: string): Promise<PoleDto> {
    const [row] = await this.db.query<PoleRow>(
      `insert into dev_pole (project_id, code, name, longitude, latitude, road, height, create_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
      [b.projectId, b.code, b.name, b.longitude, b.latitude, b.road ?? null, b.height ?? null, username],
    );
    return toPole(row!);
  }

  async update(id: string, f: PoleFields, username: string): Promise<void> {
    await this.db.query(
      `update dev_pole set project_id = $2, code = $3, name = $4, longitude = $5, latitude = $6, road = $7,
         height = $8, update_by = $9, update_time = now() where id = $1`,
      [id, f.projectId, f.code, f.name, f.longitude, f.latitude, f.road, f.height, username],
    );
  }

  async delete(scope: ScopeFilter, ids: string[]): Promise<void> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    await this.db.query(`delete from dev_pole ${w.sql}`, w.params);
  }

  /** The poles among `ids` within some projects. */
  async ids(ids: readonly string[], within: Within): Promise<string[]> {
    const w = addWithin(new Where().add('p.id = any(?::text[])', ids), within, 'p.project_id');
    const rows = await this.db.query<{ id: string }>(`select p.id from dev_pole p ${w.sql}`, w.params);
    return rows.map((r) => r.id);
  }

  /**
   * Puts the poles among `ids` within the scope on `road` (only those of its project), or takes
   * them off any road (null); answers the ids of the poles changed.
   */
  async setRoad(scope: ScopeFilter, ids: readonly string[], road: PoleRoad | null): Promise<string[]> {
    const w = new Where([road?.id ?? null, road?.name ?? null]).add('id = any(?::text[])', ids);
    addWithin(w, { scope, projectId: road?.projectId }, 'project_id');
    const rows = await this.db.query<{ id: string }>(
      `update dev_pole set road_id = $1, road = coalesce($2, road), update_time = now() ${w.sql} returning id`,
      w.params,
    );
    return rows.map((r) => r.id);
  }

  /** The poles on a road take its new name. */
  async renameRoad(roadId: string, name: string): Promise<void> {
    await this.db.query('update dev_pole set road = $2 where road_id = $1', [roadId, name]);
  }

  /** A project's poles by code (imports name them so). */
  async idsByCode(projectId: string): Promise<Map<string, string>> {
    const rows = await this.db.query<{ id: string; code: string }>(
      'select id, code from dev_pole where project_id = $1',
      [projectId],
    );
    return new Map(rows.map((p) => [p.code, p.id]));
  }
}
