import {
  type CommandStatus,
  type ControlJobDto,
  type ControlOutcome,
  type Page,
  toPage,
} from '@ics/contract/server';
import { isoOrNull } from '../../../http/sql-where';
import { notFound } from '../../../lib/errors';
import type { CommandCounts, CommandService } from '../../device';
import type { LightingAccess } from '../lighting-access';
import type { JobRepository, JobRow } from './job.repository';

const toJob = (r: JobRow, counts: CommandCounts): ControlJobDto => ({
  id: r.id,
  source: r.source,
  action: r.action,
  level: r.level,
  until: isoOrNull(r.until),
  ...counts,
  total: Math.max(r.total, counts.total),
  rejected: r.rejected,
  done: counts.pending === 0,
  createBy: r.create_by,
  createTime: isoOrNull(r.create_time)!,
});

/** Control jobs as the console follows them: counts of their commands by state, and their outcomes. */
export class JobService {
  constructor(
    private readonly repo: JobRepository,
    private readonly access: LightingAccess,
    private readonly commands: CommandService,
  ) {}

  /** A job the caller may see (all its projects are theirs), with up to `limit` outcomes. */
  async job(
    userId: string,
    id: string,
    options: { status?: CommandStatus | undefined; limit: number },
  ): Promise<ControlJobDto> {
    const row = await this.repo.job(id);
    const scope = await this.access.scopeOf(userId);
    if (!row || (scope !== 'all' && !row.project_ids.every((p) => scope.includes(p))))
      throw notFound('lighting.job_not_found');
    const job = toJob(row, (await this.commands.jobCounts([id])).get(id)!);
    if (options.limit > 0) {
      const outcomes = await this.commands.jobOutcomes(id, options.status, options.limit);
      job.outcomes = outcomes.map(
        (o): ControlOutcome => ({
          deviceId: o.device_id,
          deviceName: o.name,
          address: o.device_address,
          gatewayId: o.gateway_id,
          commandId: o.id,
          status: o.status,
          reason: o.reason,
          ackTime: isoOrNull(o.ack_time),
        }),
      );
    }
    return job;
  }

  async jobs(
    userId: string,
    q: { pageNo: number; pageSize: number; source?: string | undefined },
  ): Promise<Page<ControlJobDto>> {
    const { rows, total } = await this.repo.list(await this.access.scopeOf(userId), q);
    const counts = await this.commands.jobCounts(rows.map((r) => r.id));
    return toPage(
      rows.map((r) => toJob(r, counts.get(r.id)!)),
      total,
      q.pageNo,
      q.pageSize,
    );
  }
}
