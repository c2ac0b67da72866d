import type { ListPage } from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { logListQuerySchema } from './log.schemas';

const tag = 'system-log';

export type LogRecord = {
  id: number;
  logType: number;
  /** What happened, as a stable key (`log.login.password`, `oplog.user.add`); null on older rows. */
  logKey: string | null;
  /** The text in the request language (older rows: as written). */
  logContent: string;
  operateType: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  costTime: number | null;
  ok: boolean;
  createTime: string;
};

export const logRoutes = {
  list: defineRoute<ListPage<LogRecord>, undefined, typeof logListQuerySchema>({
    method: 'GET',
    path: '/sys/log/list',
    access: mark(marks.system.log.list),
    summary: 'Login (1) or operation (2) log; filters username, logContent, ip, createTime range',
    tag,
  }),
  exportXls: defineRoute<null, undefined, typeof logListQuerySchema>({
    method: 'GET',
    path: '/sys/log/exportXls',
    access: mark(marks.system.log.export),
    summary: 'Export the log as .xlsx',
    tag,
  }),
} as const;
