import type { GroupDto } from '@ics/contract/server';
import type { Database, Queryable } from '../../../db/database';
import { isoOrNull, pageRows, type ScopeFilter, Where } from '../../../http/sql-where';

type GroupRow = {
  id: string;
  project_id: string;
  name: string;
  remark: string | null;
  lamp_count: number;
  create_time: Date;
};

const toGroup = (r: GroupRow): GroupDto => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  remark: r.remark ?? null,
  lampCount: r.lamp_count ?? 0,
  createTime: isoOrNull(r.create_time)!,
});

const GROUP_SELECT = `select g.*,
  (select count(*) from lighting_group_lamp gl where gl.group_id = g.id)::int as lamp_count from lighting_group g`;

/** The SQL of lamp groups (`lighting_group`; their lamps: `LampRepository`). */
export class GroupRepository {
  constructor(private readonly db: Database) {}

  async group(id: string): Promise<GroupDto | undefined> {
    const [row] = await this.db.query<GroupRow>(`${GROUP_SELECT} where g.id = $1`, [id]);
    return row && toGroup(row);
  }

  async list(
    scope: ScopeFilter,
    q: { projectId?: string | undefined; name?: string | undefined; pageNo: number; pageSize: number },
  ): Promise<{ rows: GroupDto[]; total: number }> {
    const w = new Where()
      .scope(scope, 'g.project_id')
      .equal('g', q, ['projectId'])
      .contains('g', q, ['name']);
    const { rows, total } = await pageRows<GroupRow>(
      this.db,
      w,
      q,
      GROUP_SELECT,
      'from lighting_group g',
      'g.create_time desc, g.id',
    );
    return { rows: rows.map(toGroup), total };
  }

  /** Adds a group; `alongside` runs in the same transaction (its first lamps); answers its id. */
  insert(
    g: Pick<GroupDto, 'projectId' | 'name' | 'remark'>,
    username: string,
    alongside: (tx: Queryable, id: string) => Promise<unknown>,
  ): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        'insert into lighting_group (project_id, name, remark, create_by) values ($1, $2, $3, $4) returning id',
        [g.projectId, g.name, g.remark, username],
      );
      await alongside(tx, row!.id);
      return row!.id;
    });
  }

  async update(g: Pick<GroupDto, 'id' | 'name' | 'remark'>): Promise<void> {
    await this.db.query(
      'update lighting_group set name = $2, remark = $3, update_time = now() where id = $1',
      [g.id, g.name, g.remark],
    );
  }

  async delete(scope: ScopeFilter, ids: string[]): Promise<void> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    await this.db.query(`delete from lighting_group ${w.sql}`, w.params);
  }

  /** The groups among `ids` within a scope (and one project when given), with their names. */
  named(
    ids: readonly string[],
    scope: ScopeFilter,
    projectId?: string,
  ): Promise<Array<{ id: string; name: string }>> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    if (projectId) w.add('project_id = ?', projectId);
    return this.db.query(`select id, name from lighting_group ${w.sql}`, w.params);
  }

  /** The lamps of some groups. */
  async lampIds(groupIds: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ device_id: string }>(
      'select distinct device_id from lighting_group_lamp where group_id = any($1::text[])',
      [groupIds],
    );
    return rows.map((r) => r.device_id);
  }
}
