import type { ExecutionDto } from '@ics/contract/server';
import type { Database } from '../../../db/database';
import { pageRows, type ScopeFilter, Where } from '../../../http/sql-where';

/** One planned action of a strategy for a target at a time: the unique key of its execution. */
export type PlannedExecution = {
  strategyId: string;
  projectId: string;
  targetKey: string;
  actionIndex: number;
  plannedTime: string;
  action: string;
  level: number | null;
  lamps: number;
};

export type ExecutionRow = {
  id: number | string;
  strategy_id: string;
  strategy_name: string | null;
  project_id: string;
  target_key: string;
  action_index: number;
  action: ExecutionDto['action'];
  level: number | null;
  planned_time: Date;
  executed_time: Date | null;
  status: ExecutionDto['status'];
  lamp_count: number;
  job_id: string | null;
  reason: string | null;
};

/** The SQL of the scheduler's record of what it executed (`lighting_execution`). */
export class ExecutionRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims a planned action by inserting its row (unique on strategy, target, action and time);
   * answers its id, or undefined when a node, a restart or a repeated tick claimed it before.
   */
  async claim(e: PlannedExecution): Promise<number | undefined> {
    const [claimed] = await this.db.query<{ id: number }>(
      `insert into lighting_execution (strategy_id, project_id, target_key, action_index, planned_time, action, level, lamp_count)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (strategy_id, target_key, action_index, planned_time) do nothing returning id`,
      [e.strategyId, e.projectId, e.targetKey, e.actionIndex, e.plannedTime, e.action, e.level, e.lamps],
    );
    return claimed?.id;
  }

  /** Every lamp of the action was under a manual override: nothing was sent. */
  async skipped(id: number): Promise<void> {
    await this.db.query(
      `update lighting_execution set status = 'skipped', lamp_count = 0, reason = 'override', executed_time = now()
        where id = $1`,
      [id],
    );
  }

  async done(id: number, jobId: string, lamps: number, reason: string | null): Promise<void> {
    await this.db.query(
      `update lighting_execution set status = 'done', job_id = $2, lamp_count = $3, executed_time = now(),
         reason = $4 where id = $1`,
      [id, jobId, lamps, reason],
    );
  }

  async failed(id: number, reason: string): Promise<void> {
    await this.db.query(
      `update lighting_execution set status = 'failed', reason = $2, executed_time = now() where id = $1`,
      [id, reason],
    );
  }

  /** A page of executions within a scope, latest planned first, with their strategy's name. */
  async list(
    scope: ScopeFilter,
    q: {
      projectId?: string | undefined;
      strategyId?: string | undefined;
      status?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ rows: ExecutionRow[]; total: number }> {
    const w = new Where().scope(scope, 'e.project_id');
    w.equal('e', q, ['projectId', 'strategyId', 'status']);
    const rows = `select e.*, s.name as strategy_name
      from lighting_execution e left join lighting_strategy s on s.id = e.strategy_id`;
    return pageRows<ExecutionRow>(
      this.db,
      w,
      q,
      rows,
      'from lighting_execution e',
      'e.planned_time desc, e.id desc',
    );
  }
}
