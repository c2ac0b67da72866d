import { type ProjectRecord, type projectAddSchema, splitIds } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { ListReader, recordList } from '../../http/list-query';
import { activeDepartRelation } from '../depart';
import { roleAdministratorRelation, userDepartRelation } from '../user';

export const PROJECT_RESOURCE = recordList('sys_project p', {
  ruleMenu: '/system/project',
  softDelete: true,
  createdTitle: ['创建时间', 'Created'],
  columns: {
    // The filter finds a project by either of its names; the export shows the request's.
    name: {
      column: "p.name || ' ' || coalesce(p.name_en, '')",
      select: 'p.name',
      filter: 'text',
      sortable: true,
      title: ['项目名称', 'Name'],
    },
    nameEn: { column: 'p.name_en' },
    code: { column: 'p.code', filter: 'text', sortable: true, title: ['项目编码', 'Code'] },
    region: { column: 'p.region', filter: 'text', sortable: true, title: ['区域', 'Region'] },
    longitude: { column: 'p.longitude', filter: 'number', sortable: true, title: ['经度', 'Longitude'] },
    latitude: { column: 'p.latitude', filter: 'number', sortable: true, title: ['纬度', 'Latitude'] },
    timeZone: { column: 'p.time_zone', filter: 'text', sortable: true, title: ['时区', 'Time zone'] },
    description: { column: 'p.description', filter: 'text' },
    descriptionEn: { column: 'p.description_en' },
    departIds: {
      column: `coalesce((select string_agg(pd.dep_id, ',' order by pd.dep_id) from sys_project_depart pd where pd.project_id = p.id), '')`,
    },
  },
});

/**
 * The users of each project's departments (`pd` the project's link to a department, `ud` a
 * user's link to it): a project visible to a department is visible to its sub-departments
 * (org codes encode the path, so a sub-department's code starts with its parent's).
 */
const PROJECT_MEMBERS = `sys_project_depart pd
  join (${activeDepartRelation}) d on d.id = pd.dep_id
  join (${activeDepartRelation}) sub on starts_with(sub.org_code, d.org_code)
  join (${userDepartRelation}) ud on ud.dep_id = sub.id`;

export type ProjectInput = z.output<typeof projectAddSchema>;

/** A project as stored: its texts in both languages (the service adds those of the request's). */
export type StoredProject = Omit<ProjectRecord, 'localName' | 'localDescription'>;

/** A live project as other modules need it: its names, where it is and its time zone. */
export type ProjectPlace = {
  id: string;
  /** The Chinese name (`projectName` picks the one of a language). */
  name: string;
  nameEn: string | null;
  timeZone: string;
  latitude: number;
  longitude: number;
};

/**
 * Read relation (id, time_zone): every project's time zone, deleted projects included (their
 * devices' readings still roll up by local day).
 */
export const projectTimeZoneRelation = 'select id, time_zone from sys_project';

/** The project's columns as `insert` and `update` write them, name to description_en. */
const stored = (b: ProjectInput) => [
  b.name,
  b.nameEn,
  b.code,
  b.region,
  b.longitude,
  b.latitude,
  b.timeZone,
  b.description,
  b.descriptionEn,
];

/** Links the project to the live departments among `departIds` (null or undefined: left as they are). */
async function setDeparts(tx: Queryable, projectId: string, departIds: string | null | undefined) {
  if (departIds === undefined || departIds === null) return;
  await tx.query('delete from sys_project_depart where project_id = $1', [projectId]);
  const ids = splitIds(departIds);
  if (ids.length)
    await tx.query(
      `insert into sys_project_depart (project_id, dep_id) select $1, d.id from (${activeDepartRelation}) d
        where d.id = any($2::text[])`,
      [projectId, ids],
    );
}

/** sys_project and the departments each project belongs to (sys_project_depart). */
export class ProjectRepository {
  /** The project list: its pages, export rows and single records. */
  readonly list: ListReader<StoredProject>;

  constructor(private readonly db: Database) {
    this.list = new ListReader(db, PROJECT_RESOURCE);
  }

  async isCodeTaken(code: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db.query(
      'select 1 from sys_project where code = $1 and del_flag = 0 and id <> $2',
      [code, exceptId],
    );
    return Boolean(row);
  }

  /** Creates a project and links its departments, in `tx` when given (else in a transaction of its own). */
  async insert(b: ProjectInput, by: string, tx?: Queryable): Promise<string> {
    const work = async (q: Queryable) => {
      const [row] = await q.query<{ id: string }>(
        `insert into sys_project (name, name_en, code, region, longitude, latitude, time_zone, description,
                                  description_en, create_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [...stored(b), by],
      );
      await setDeparts(q, row!.id, b.departIds);
      return row!.id;
    };
    return tx ? work(tx) : this.db.transaction(work);
  }

  /** Rewrites a live project and its departments; false when there is no such project. */
  async update(id: string, b: ProjectInput, by: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `update sys_project set name = $2, name_en = $3, code = $4, region = $5, longitude = $6, latitude = $7,
                time_zone = $8, description = $9, description_en = $10, update_by = $11, update_time = now()
          where id = $1 and del_flag = 0 returning id`,
        [id, ...stored(b), by],
      );
      if (rows.length === 0) return false;
      await setDeparts(tx, id, b.departIds);
      return true;
    });
  }

  async softDelete(ids: string[], by: string): Promise<void> {
    await this.db.query(
      'update sys_project set del_flag = 1, update_by = $2, update_time = now() where id = any($1::text[])',
      [ids, by],
    );
  }

  /** Live projects, all of them or those among `ids`, by name. */
  async places(ids?: readonly string[]): Promise<ProjectPlace[]> {
    const rows = await this.db.query<{
      id: string;
      name: string;
      name_en: string | null;
      time_zone: string;
      latitude: number;
      longitude: number;
    }>(
      `select id, name, name_en, time_zone, latitude, longitude from sys_project
        where del_flag = 0 ${ids ? 'and id = any($1::text[])' : ''} order by name`,
      ids ? [ids] : [],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      nameEn: r.name_en,
      timeZone: r.time_zone,
      latitude: r.latitude,
      longitude: r.longitude,
    }));
  }

  /** The live project with this code. */
  async idByCode(code: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ id: string }>(
      'select id from sys_project where code = $1 and del_flag = 0',
      [code],
    );
    return row?.id;
  }

  // ---------------------------------------------------------------- project scope

  async holdsAdminRole(userId: string): Promise<boolean> {
    const [row] = await this.db.query(`select 1 from (${roleAdministratorRelation}) a where a.user_id = $1`, [
      userId,
    ]);
    return Boolean(row);
  }

  /** The users who may see a project: administrators, and members of a department linked to it or below one. */
  async audienceOf(projectId: string): Promise<string[]> {
    const rows = await this.db.query<{ user_id: string }>(
      `select a.user_id from (${roleAdministratorRelation}) a
       union
       select ud.user_id from ${PROJECT_MEMBERS} where pd.project_id = $1`,
      [projectId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Live projects linked to one of the user's departments or to a department above one of them. */
  async projectIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ project_id: string }>(
      `select distinct pd.project_id from ${PROJECT_MEMBERS}
         join sys_project p on p.id = pd.project_id and p.del_flag = 0
        where ud.user_id = $1`,
      [userId],
    );
    return rows.map((r) => r.project_id);
  }
}
