import type { Queryable } from '../../db/database';

export const LOG_TYPE = { login: 1, operation: 2 } as const;

export type LogEntry = {
  type: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  content: string;
  operateType?: string;
  userId?: string | null;
  username?: string | null;
  ip?: string;
  method?: string;
  url?: string;
  ok?: boolean;
  costMs?: number;
};

/** The login and operation log (who, what, when, from where, result). */
export class LogService {
  constructor(private readonly db: Queryable) {}

  async write(entry: LogEntry): Promise<void> {
    await this.db.query(
      `insert into sys_log (log_type, log_content, operate_type, userid, username, ip, method, request_url, ok, cost_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.type,
        entry.content,
        entry.operateType ?? null,
        entry.userId ?? null,
        entry.username ?? null,
        entry.ip ?? null,
        entry.method ?? null,
        entry.url ?? null,
        entry.ok ?? true,
        entry.costMs ?? null,
      ],
    );
  }
}
