import type { ControlJobDto } from '@ics/contract/server';
import type { Database } from '../../../db/database';
import { pageRows, type ScopeFilter, Where } from '../../../http/sql-where';

export type JobSource = ControlJobDto['source'];

/** A control job as stored (its commands' counts come from the device module). */
export type JobRow = {
  id: string;
  source: JobSource;
  action: string;
  level: number | null;
  until: Date | null;
  total: number;
  rejected: Array<{ id: string; reason: string }>;
  project_ids: string[];
  create_by: string | null;
  create_time: Date;
};

/** A job to record: what was asked, of how many targets, in which projects, by whom. */
export type NewJob = {
  id: string;
  source: JobSource;
  action: string;
  level: number | null;
  until: string | null;
  total: number;
  rejected: Array<{ id: string; reason: string }>;
  projectIds: string[];
  by: { username: string; userId: string | null };
};

/** The SQL of control jobs (`lighting_job`). */
export class JobRepository {
  constructor(private readonly db: Database) {}

  async insert(j: NewJob): Promise<void> {
    await this.db.query(
      `insert into lighting_job (id, source, action, level, until, total, rejected, project_ids, create_by, create_user_id)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::text[], $9, $10)`,
      [
        j.id,
        j.source,
        j.action,
        j.level,
        j.until,
        j.total,
        JSON.stringify(j.rejected),
        j.projectIds,
        j.by.username,
        j.by.userId,
      ],
    );
  }

  async job(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.query<JobRow>('select * from lighting_job where id = $1', [id]);
    return row;
  }

  /** A page of the jobs wholly within a scope (of one source when given), newest first. */
  async list(
    scope: ScopeFilter,
    q: { pageNo: number; pageSize: number; source?: string | undefined },
  ): Promise<{ rows: JobRow[]; total: number }> {
    const w = new Where();
    if (scope !== 'all') w.add('project_ids <@ ?::text[]', scope);
    if (q.source) w.add('source = ?', q.source);
    return pageRows<JobRow>(
      this.db,
      w,
      q,
      'select * from lighting_job',
      'from lighting_job',
      'create_time desc, id',
    );
  }
}
