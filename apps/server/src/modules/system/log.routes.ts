import { type Language, type LogRecord, logRoutes as routes } from '@ics/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type ListResource, listAll, listPage, sendXlsx, toXlsx } from '../../http/list-query';
import { addRoute } from '../../http/routes';
import { translate } from '../../lib/messages';
import type { SystemDeps } from './system.shared';

export const LOG_RESOURCE: ListResource = {
  from: 'sys_log l',
  ruleMenu: '/system/log',
  defaultSort: { field: 'createTime', order: 'desc' },
  tiebreak: 'l.id desc',
  columns: {
    id: { column: 'l.id' },
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
    createTime: {
      column: 'l.create_time',
      select: formatTime('l.create_time'),
      filter: 'date',
      sortable: true,
      title: ['时间', 'Time'],
    },
  },
};

/** The log as a reader in `lang` sees it: the content in that language (older rows have only zh-CN). */
const EN_LOG_RESOURCE: ListResource = {
  ...LOG_RESOURCE,
  columns: {
    ...LOG_RESOURCE.columns,
    logContent: { ...LOG_RESOURCE.columns.logContent!, column: 'coalesce(l.log_content_en, l.log_content)' },
  },
};
const logResource = (lang: Language) => (lang === 'en-US' ? EN_LOG_RESOURCE : LOG_RESOURCE);

/** `keyWord` searches content (in either language) and user at once (upstream log page). */
const keyWordFilter = (keyWord: string | undefined) => (p: { add(v: unknown): string }) => {
  if (!keyWord?.trim()) return [];
  const like = p.add(`%${keyWord.trim().replace(/[\\%_]/g, '\\$&')}%`);
  return [`(l.log_content ilike ${like} or l.log_content_en ilike ${like} or l.username ilike ${like})`];
};

export function registerLogRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const { db, services } = deps;
  const guard = services.guard;
  services.dataRules.register(LOG_RESOURCE);
  addRoute(app, guard, routes.list, async (ctx) =>
    listPage<LogRecord>(db, logResource(ctx.lang), ctx.query, {
      extraWhere: keyWordFilter(ctx.query.keyWord),
      dataRules: await services.dataRules.forCaller(ctx.caller!, logResource(ctx.lang)),
    }),
  );
  addRoute(app, guard, routes.exportXls, async (ctx) => {
    const rows = await listAll(db, logResource(ctx.lang), ctx.query, {
      extraWhere: keyWordFilter(ctx.query.keyWord),
      dataRules: await services.dataRules.forCaller(ctx.caller!, logResource(ctx.lang)),
    });
    const file = await toXlsx(LOG_RESOURCE, rows, ctx.lang, translate(ctx.lang, 'system.export.sheet'));
    await sendXlsx(ctx.reply, ctx.lang === 'en-US' ? 'logs' : '日志', file);
    return null;
  });
}
