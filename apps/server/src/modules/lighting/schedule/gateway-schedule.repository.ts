import { EMPTY_SCHEDULE_VERSION } from '@ics/contract/server';
import type { Database } from '../../../db/database';
import { type ScopeFilter, Where } from '../../../http/sql-where';
import { gatewayRelation } from '../../device';

/** A gateway with the schedule it holds and the last one pushed to it. */
export type GatewayScheduleRow = {
  id: string;
  sn: string;
  name: string;
  project_id: string;
  online: boolean;
  schedule_version: string | null;
  fallback_level: number | null;
  push_time: Date | null;
  push_command_id: string | null;
};

/** A schedule pushed to a gateway. */
export type SchedulePush = {
  gatewayId: string;
  version: string;
  body: unknown;
  fallbackLevel: number;
  commandId: string | null;
};

/**
 * The SQL of the schedules pushed to gateways (`lighting_gateway_schedule`), beside the
 * gateways of the device module's relation.
 */
export class GatewayScheduleRepository {
  constructor(private readonly db: Database) {}

  /** The gateways within a scope (and one project, or some, when given), by serial number. */
  list(
    scope: ScopeFilter,
    projectId: string | undefined,
    projectIds?: string[],
  ): Promise<GatewayScheduleRow[]> {
    const w = new Where().scope(scope, 'g.project_id');
    if (projectId) w.add('g.project_id = ?', projectId);
    if (projectIds) w.add('g.project_id = any(?::text[])', projectIds);
    return this.db.query<GatewayScheduleRow>(
      `select g.id, g.sn, g.name, g.project_id, g.online, g.schedule_version, s.fallback_level, s.push_time,
          s.push_command_id
         from (${gatewayRelation}) g left join lighting_gateway_schedule s on s.gateway_id = g.id ${w.sql} order by g.sn`,
      w.params,
    );
  }

  async record(p: SchedulePush): Promise<void> {
    await this.db.query(
      `insert into lighting_gateway_schedule (gateway_id, version, body, fallback_level, push_command_id, push_time, update_time)
       values ($1, $2, $3::jsonb, $4, $5, now(), now())
       on conflict (gateway_id) do update set version = excluded.version, body = excluded.body,
         fallback_level = excluded.fallback_level, push_command_id = excluded.push_command_id,
         push_time = excluded.push_time, update_time = now()`,
      [p.gatewayId, p.version, JSON.stringify(p.body), p.fallbackLevel, p.commandId],
    );
  }

  /**
   * Online gateways not pushed to since `before` (ISO) that may need a schedule: those of
   * projects with an enabled strategy, and those holding one (it may have been deleted).
   */
  unpushedSince(
    before: string,
  ): Promise<Array<{ id: string; project_id: string; schedule_version: string | null }>> {
    return this.db.query(
      `select g.id, g.project_id, g.schedule_version from (${gatewayRelation}) g
         left join lighting_gateway_schedule s on s.gateway_id = g.id
        where g.online and (s.push_time is null or s.push_time < $1)
          and (g.project_id in (select project_id from lighting_strategy where enabled)
               or (g.schedule_version is not null and g.schedule_version <> $2))`,
      [before, EMPTY_SCHEDULE_VERSION],
    );
  }
}
