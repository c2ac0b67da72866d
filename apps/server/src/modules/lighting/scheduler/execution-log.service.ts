import { type ExecutionDto, type executionListQuerySchema, type Page, toPage } from '@ics/contract/server';
import type { z } from 'zod';
import { isoOrNull } from '../../../http/sql-where';
import type { CommandService } from '../../device';
import type { LightingAccess } from '../lighting-access';
import type { ExecutionRepository } from './execution.repository';

/** The execution log: what the scheduler did with each planned action, and how its job went. */
export class ExecutionLogService {
  constructor(
    private readonly repo: ExecutionRepository,
    private readonly access: LightingAccess,
    private readonly commands: CommandService,
  ) {}

  async list(userId: string, q: z.output<typeof executionListQuerySchema>): Promise<Page<ExecutionDto>> {
    const { rows, total } = await this.repo.list(await this.access.scopeOf(userId), q);
    const counts = await this.commands.jobCounts(rows.flatMap((r) => (r.job_id ? [r.job_id] : [])));
    return toPage(
      rows.map((r) => ({
        id: String(r.id),
        strategyId: r.strategy_id,
        strategyName: r.strategy_name ?? null,
        projectId: r.project_id,
        targetKey: r.target_key,
        actionIndex: r.action_index,
        action: r.action,
        level: r.level ?? null,
        plannedTime: isoOrNull(r.planned_time)!,
        executedTime: isoOrNull(r.executed_time),
        status: r.status,
        lampCount: r.lamp_count,
        jobId: r.job_id ?? null,
        counts: r.job_id ? counts.get(r.job_id)! : null,
        reason: r.reason ?? null,
      })),
      total,
      q.pageNo,
      q.pageSize,
    );
  }
}
