import type { DeviceEventDto, eventListQuerySchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { isoOrNull, pageOf, type ScopeFilter, Where } from '../../http/sql-where';

/** Reads the device event log (`dev_event`; ingestion writes it). */
export class EventRepository {
  constructor(private readonly db: Queryable) {}

  async list(
    scope: ScopeFilter,
    q: z.output<typeof eventListQuerySchema>,
  ): Promise<{ rows: DeviceEventDto[]; total: number }> {
    const w = new Where().scope(scope, 'e.project_id');
    w.equal('e', q, ['projectId', 'gatewayId', 'deviceId', 'type']);
    const [rows, [count]] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `select e.* from dev_event e ${w.sql} order by e.ts desc, e.id desc ${pageOf(q)}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from dev_event e ${w.sql}`, w.params),
    ]);
    return {
      rows: rows.map((r) => ({
        id: String(r.id),
        projectId: r.project_id as string,
        gatewayId: r.gateway_id as string,
        deviceId: (r.device_id as string | null) ?? null,
        type: r.type as string,
        code: (r.code as string | null) ?? null,
        active: (r.active as boolean | null) ?? null,
        message: (r.message as string | null) ?? null,
        ts: isoOrNull(r.ts)!,
      })),
      total: count?.n ?? 0,
    };
  }
}
