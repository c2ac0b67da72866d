import { crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import type { i18nCrudSchemas } from './i18n.schemas';

export type I18nRecord = { id: string; key: string; zhCn: string; enUs: string; updateTime: string };

const translations = crudRoutes<typeof i18nCrudSchemas, SysResults<I18nRecord>>({
  base: '/sys/i18n',
  tag: 'system-i18n',
  marks: marks.system.i18n,
  name: ['a translation', 'translations'],
});

export const i18nRoutes = translations(['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'], {
  list: { summary: 'List translations (filters key, zhCn, enUs)' },
});
