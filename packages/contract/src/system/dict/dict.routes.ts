import { crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { DictOption } from '../session/session.routes';
import type { dictCodeParamsSchema, dictCrudSchemas, dictItemCrudSchemas } from './dict.schemas';

const tag = 'system-dict';

export type DictRecord = {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  createTime: string;
};
export type DictItemRecord = {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
  createTime: string;
};

const { dict } = marks.system;

const dicts = crudRoutes<typeof dictCrudSchemas, SysResults<DictRecord>>({
  base: '/sys/dict',
  tag,
  marks: dict,
  name: ['a dictionary', 'dictionaries'],
});
const dictItems = crudRoutes<typeof dictItemCrudSchemas, SysResults<DictItemRecord>, 'item'>({
  base: '/sys/dictItem',
  tag,
  marks: dict,
  name: ['a dictionary item', 'dictionary items'],
  prefix: 'item',
});

export const dictRoutes = {
  ...dicts(['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']),
  getDictItems: defineRoute<DictOption[], undefined, undefined, typeof dictCodeParamsSchema>({
    method: 'GET',
    path: '/sys/dict/getDictItems/:code',
    access: 'authenticated',
    summary:
      'Enabled items of a dictionary (or `table,text,code` of a whitelisted table, which needs that table’s list mark, e.g. system:user:list)',
    tag,
  }),
  refleshCache: defineRoute<null>({
    method: 'GET',
    path: '/sys/dict/refleshCache',
    // A GET as upstream, but it changes what every user is served: it needs the edit mark.
    access: mark(dict.edit),
    summary: 'Clear the server caches of dictionaries, translations and permissions (needs system:dict:edit)',
    tag,
  }),
  ...dictItems(['list', 'add', 'edit', 'delete', 'deleteBatch'], {
    list: { summary: 'Items of a dictionary (filter dictId), by sort order' },
  }),
} as const;
