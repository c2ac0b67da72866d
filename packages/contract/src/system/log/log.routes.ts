import { crudRoutes } from '../../crud-routes';
import type { ListPage } from '../../list-query';
import { marks } from '../../marks';
import type { logCrudSchemas } from './log.schemas';

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

const log = crudRoutes<typeof logCrudSchemas, { list: ListPage<LogRecord> }>({
  base: '/sys/log',
  tag,
  marks: marks.system.log,
  name: ['a log entry', 'the log'],
});

export const logRoutes = log(['list', 'exportXls'], {
  list: { summary: 'Login (1) or operation (2) log; filters username, logContent, ip, createTime range' },
});
