import type { Database } from '../../../db/database';

/** A lamp under a manual override that has ended. */
export type EndedOverride = { device_id: string; project_id: string };

/**
 * The SQL of manual overrides (`lighting_override`): lamps a user set until a time, which
 * strategies leave alone until then.
 */
export class OverrideRepository {
  constructor(private readonly db: Database) {}

  /** Holds lamps at `level` until `until` (replacing their earlier overrides). */
  async hold(lamps: Array<{ id: string; projectId: string }>, level: number, until: string, jobId: string) {
    await this.db.query(
      `insert into lighting_override (device_id, project_id, level, until, job_id)
       select v.id, v.project_id, $3, $4, $5 from unnest($1::text[], $2::text[]) as v(id, project_id)
       on conflict (device_id) do update set level = excluded.level, until = excluded.until, job_id = excluded.job_id,
         create_time = now()`,
      [lamps.map((l) => l.id), lamps.map((l) => l.projectId), level, until, jobId],
    );
  }

  /** Ends the overrides of lamps. */
  async release(lampIds: string[]): Promise<void> {
    await this.db.query('delete from lighting_override where device_id = any($1::text[])', [lampIds]);
  }

  /** The lamps among `lampIds` still overridden at `at` (ISO). */
  async heldAt(lampIds: string[], at: string): Promise<Set<string>> {
    const rows = await this.db.query<{ device_id: string }>(
      'select device_id from lighting_override where device_id = any($1::text[]) and until > $2',
      [lampIds, at],
    );
    return new Set(rows.map((r) => r.device_id));
  }

  /** Deletes the overrides past their end at `now` (ISO); answers their lamps. */
  endBy(now: string): Promise<EndedOverride[]> {
    return this.db.query<EndedOverride>(
      'delete from lighting_override where until <= $1 returning device_id, project_id',
      [now],
    );
  }
}
