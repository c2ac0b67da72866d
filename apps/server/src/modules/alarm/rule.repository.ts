import type { AlarmRuleDto, AlarmSeverity, AlarmType } from '@ics/contract/server';
import type { Database } from '../../db/database';
import { roleRelation } from '../role';
import { activeUserRelation } from '../user';

type RuleRow = {
  id: string;
  project_id: string | null;
  type: AlarmType;
  code: string;
  enabled: boolean;
  severity: AlarmSeverity;
  params: Record<string, unknown>;
  escalate_after_minutes: number | null;
  escalate_role_id: string | null;
  escalate_user_id: string | null;
};

export type RuleInput = Omit<AlarmRuleDto, 'id' | 'inherited'>;

const COLUMNS = `id, project_id, type, code, enabled, severity, params, escalate_after_minutes, escalate_role_id,
  escalate_user_id`;

export function toRuleDto(r: RuleRow, inherited: boolean): AlarmRuleDto {
  return {
    id: r.id,
    projectId: r.project_id,
    type: r.type,
    code: r.code,
    enabled: r.enabled,
    severity: r.severity,
    params: r.params ?? {},
    escalateAfterMinutes: r.escalate_after_minutes,
    escalateRoleId: r.escalate_role_id,
    escalateUserId: r.escalate_user_id,
    inherited,
  };
}

/** The SQL of alarm_rule: defaults (no project) and projects' own rules. */
export class RuleRepository {
  constructor(private readonly db: Database) {}

  async all(): Promise<AlarmRuleDto[]> {
    const rows = await this.db.query<RuleRow>(`select ${COLUMNS} from alarm_rule order by type, code`);
    return rows.map((r) => toRuleDto(r, false));
  }

  async byId(id: string): Promise<AlarmRuleDto | undefined> {
    const [row] = await this.db.query<RuleRow>(`select ${COLUMNS} from alarm_rule where id = $1`, [id]);
    return row && toRuleDto(row, false);
  }

  /** Sets the rule of a project (or the default) for a type and code. */
  async save(input: RuleInput, by: string): Promise<AlarmRuleDto> {
    const [row] = await this.db.query<RuleRow>(
      `insert into alarm_rule (project_id, type, code, enabled, severity, params, escalate_after_minutes,
         escalate_role_id, escalate_user_id, update_by)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
       on conflict (coalesce(project_id, ''), type, code) do update set enabled = excluded.enabled,
         severity = excluded.severity, params = excluded.params,
         escalate_after_minutes = excluded.escalate_after_minutes, escalate_role_id = excluded.escalate_role_id,
         escalate_user_id = excluded.escalate_user_id, update_by = excluded.update_by, update_time = now()
       returning ${COLUMNS}`,
      [
        input.projectId,
        input.type,
        input.code,
        input.enabled,
        input.severity,
        JSON.stringify(input.params),
        input.escalateAfterMinutes,
        input.escalateRoleId,
        input.escalateUserId,
        by,
      ],
    );
    return toRuleDto(row!, false);
  }

  /** Whether the escalation's role and user exist (null: none asked). */
  async escalationTargetsExist(
    roleId: string | null,
    userId: string | null,
  ): Promise<{ role: boolean; user: boolean }> {
    const [row] = await this.db.query<{ role: boolean; user: boolean }>(
      `select ($1::text is null or exists (select 1 from (${roleRelation}) r where r.id = $1)) as role,
              ($2::text is null or exists (select 1 from (${activeUserRelation}) u where u.id = $2)) as user`,
      [roleId, userId],
    );
    return row ?? { role: false, user: false };
  }

  /** Drops a project's own rule (defaults stay); answers whether one was dropped. */
  async removeProjectRule(id: string): Promise<boolean> {
    const rows = await this.db.query(
      'delete from alarm_rule where id = $1 and project_id is not null returning id',
      [id],
    );
    return rows.length > 0;
  }
}
