import type { Language, ListQuery, LogRecord } from '@ics/contract/server';
import type { Queryable } from '../../db/database';
import {
  type ListResource,
  type ListRestriction,
  listAll,
  listPage,
  recordList,
  type SqlParams,
} from '../../http/list-query';
import { translate } from '../../lib/messages';
import { LOG_TYPE, LOGOUT_LOG_KEY, type LogEntry } from './log-entry';

export const LOG_RESOURCE = recordList('sys_log l', {
  ruleMenu: '/system/log',
  tiebreak: 'l.id desc',
  createdTitle: ['时间', 'Time'],
  columns: {
    logType: { column: 'l.log_type', filter: 'number' },
    logKey: { column: 'l.log_key', filter: 'text' },
    logContent: { column: 'l.log_content', filter: 'text', sortable: true, title: ['日志内容', 'Content'] },
    operateType: { column: 'l.operate_type', filter: 'text' },
    userid: { column: 'l.userid', filter: 'text' },
    username: { column: 'l.username', filter: 'text', sortable: true, title: ['操作人', 'User'] },
    ip: { column: 'l.ip', filter: 'text', sortable: true, title: ['IP', 'IP'] },
    method: { column: 'l.method', filter: 'text', title: ['请求方法', 'Method'] },
    requestUrl: { column: 'l.request_url', filter: 'text', title: ['请求地址', 'URL'] },
    costTime: { column: 'l.cost_time', filter: 'number', sortable: true, title: ['耗时(毫秒)', 'Time (ms)'] },
    ok: { column: 'l.ok', filter: 'bool', title: ['结果', 'Succeeded'] },
  },
});

/** The log as a reader in `lang` sees it: the content in that language (older rows have only zh-CN). */
const EN_LOG_RESOURCE: ListResource = {
  ...LOG_RESOURCE,
  columns: {
    ...LOG_RESOURCE.columns,
    logContent: { ...LOG_RESOURCE.columns.logContent!, column: 'coalesce(l.log_content_en, l.log_content)' },
  },
};
export const logResource = (lang: Language) => (lang === 'en-US' ? EN_LOG_RESOURCE : LOG_RESOURCE);

/** `keyWord` searches content (in either language) and user at once (upstream log page). */
const keyWordFilter = (keyWord: string | undefined) => (p: SqlParams) => {
  if (!keyWord?.trim()) return [];
  const like = p.add(`%${keyWord.trim().replace(/[\\%_]/g, '\\$&')}%`);
  return [`(l.log_content ilike ${like} or l.log_content_en ilike ${like} or l.username ilike ${like})`];
};

/**
 * Visits are successful sign-ins: login-log rows with ok = true. Sign-outs share the log type,
 * so they are told apart by their log key (rows written before keys existed: by their text).
 */
const VISITS = `log_type = ${LOG_TYPE.login} and ok and log_key is distinct from '${LOGOUT_LOG_KEY}'
  and (log_key is not null or log_content not like '退出登录%')`;

const TZ = 'Asia/Shanghai';

export type LogListQuery = ListQuery & { keyWord?: string | undefined };

/** sys_log: the login and operation log. */
export class LogRepository {
  constructor(private readonly db: Queryable) {}

  async insert(entry: LogEntry): Promise<void> {
    await this.db.query(
      `insert into sys_log (log_type, log_key, log_content, log_content_en, operate_type, userid, username, ip,
                            method, request_url, ok, cost_time, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13::timestamptz, now()))`,
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
        entry.at?.toISOString() ?? null,
      ],
    );
  }

  page(query: LogListQuery, lang: Language, dataRules: ListRestriction | undefined) {
    return listPage<LogRecord>(this.db, logResource(lang), query, {
      extraWhere: keyWordFilter(query.keyWord),
      dataRules,
    });
  }

  rows(query: LogListQuery, lang: Language, dataRules: ListRestriction | undefined) {
    return listAll(this.db, logResource(lang), query, {
      extraWhere: keyWordFilter(query.keyWord),
      dataRules,
    });
  }

  /** Visits in all, visits since `since` and the distinct addresses they came from. */
  async visitTotals(since: string): Promise<{ total: number; since: number; addresses: number }> {
    const [row] = await this.db.query<{ total: number; since: number; addresses: number }>(
      `select count(*)::int as total,
              count(*) filter (where create_time >= $1::timestamptz)::int as since,
              count(distinct ip) filter (where create_time >= $1::timestamptz)::int as addresses
         from sys_log where ${VISITS}`,
      [since],
    );
    return row!;
  }

  /** Visits and distinct addresses per calendar day (GMT+8, `YYYY-MM-DD`) since `since`. */
  visitsByDay(since: string) {
    return this.db.query<{ day: string; visit: number; ip: number }>(
      `select to_char(create_time at time zone '${TZ}', 'YYYY-MM-DD') as day,
              count(*)::int as visit, count(distinct ip)::int as ip
         from sys_log where ${VISITS} and create_time >= $1::timestamptz
        group by 1`,
      [since],
    );
  }
}
