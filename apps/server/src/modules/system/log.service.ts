import type { Queryable } from '../../db/database';
import { type MessageKey, translate } from '../../lib/messages';

export const LOG_TYPE = { login: 1, operation: 2 } as const;

/** The log key of a sign-out: login-log rows that are not visits. */
export const LOGOUT_LOG_KEY = 'log.logout' satisfies MessageKey;

export type LogEntry = {
  type: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  /** What happened, as a server message; stored with its texts in both languages. */
  key: MessageKey;
  vars?: Record<string, string | number>;
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
      `insert into sys_log (log_type, log_key, log_content, log_content_en, operate_type, userid, username, ip,
                            method, request_url, ok, cost_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        entry.type,
        entry.key,
        translate('zh-CN', entry.key, entry.vars),
        translate('en-US', entry.key, entry.vars),
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
