import { crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { DictOption } from '../session/session.routes';
import type {
  dictCodeParamsSchema,
  dictCrudSchemas,
  dictItemCheckQuerySchema,
  dictItemCrudSchemas,
  loadDictQuerySchema,
  loadTreeDataQuerySchema,
} from './dict.schemas';

const tag = 'system-dict';

export type DictRecord = {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  createTime: string;
};
/** A node of a tree read from a table (Jeecg's TreeSelectModel): `leaf` and `isLeaf` say the same. */
export type DictTreeNode = {
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string | null;
  isLeaf: boolean;
  leaf: boolean;
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
  // ---- what JeecgBoot 2.x consoles call besides (see docs/jeecg-console.md)
  dictItemCheck: defineRoute<null, undefined, typeof dictItemCheckQuerySchema>({
    method: 'GET',
    path: '/sys/dictItem/dictItemCheck',
    access: 'authenticated',
    summary:
      'Whether an item value is free in its dictionary: a taken one is HTTP 200 with success false (needs system:dict:add or :edit)',
    tag,
  }),
  queryAllDictItems: defineRoute<Record<string, DictOption[]>>({
    method: 'GET',
    path: '/sys/dict/queryAllDictItems',
    access: 'authenticated',
    summary:
      'Enabled items of every dictionary by code, texts in the request’s language (as sign-in gives them)',
    tag,
  }),
  loadDict: defineRoute<DictOption[], undefined, typeof loadDictQuerySchema, typeof dictCodeParamsSchema>({
    method: 'GET',
    path: '/sys/dict/loadDict/:code',
    access: 'authenticated',
    summary:
      'Items of a dictionary (or `table,text,code` of a whitelisted table, with its list mark) whose text contains keyword',
    tag,
  }),
  loadTreeData: defineRoute<DictTreeNode[], undefined, typeof loadTreeDataQuerySchema>({
    method: 'GET',
    path: '/sys/dict/loadTreeData',
    access: 'authenticated',
    summary:
      'One level of a tree of a whitelisted table (tableName, text, code, pidField and pid; needs that table’s list mark)',
    tag,
  }),
  deleteList: defineRoute<DictRecord[]>({
    method: 'GET',
    path: '/sys/dict/deleteList',
    access: mark(dict.list),
    summary: 'Deleted dictionaries that may be restored: always empty (ICS keeps no recycle bin)',
    tag,
  }),
} as const;
