import type { MessageKey } from '../../lib/messages';

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
  /** When it happened (default: when the row is written, which may be later and out of order). */
  at?: Date;
};
