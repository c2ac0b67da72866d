import { z } from 'zod';
import {
  type ListPage,
  listQuerySchema,
  optionalText,
  sysIdQuerySchema,
  sysIdsQuerySchema,
} from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { DictOption } from '../session/session.routes';

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

const dictFields = {
  dictName: z
    .string({ error: 'form.dict_name.required' })
    .trim()
    .min(1, 'form.dict_name.required')
    .max(100, 'form.too_long'),
  dictCode: z
    .string({ error: 'form.dict_code.required' })
    .trim()
    .min(1, 'form.dict_code.required')
    .max(100, 'form.too_long')
    .regex(/^[A-Za-z0-9_.-]+$/, 'form.i18n_key.chars'),
  description: optionalText(255),
};
export const dictAddSchema = z.object(dictFields);
export const dictEditSchema = z.object({ id: z.string().min(1).max(64), ...dictFields });

const dictItemFields = {
  dictId: z.string().min(1).max(64),
  itemText: z
    .string({ error: 'form.item_text.required' })
    .trim()
    .min(1, 'form.item_text.required')
    .max(100, 'form.too_long'),
  itemValue: z
    .string({ error: 'form.item_value.required' })
    .trim()
    .min(1, 'form.item_value.required')
    .max(100, 'form.too_long'),
  description: optionalText(255),
  sortOrder: z.coerce.number().int('form.positive_int').min(0, 'form.positive_int').default(0),
  status: z.coerce.number().int().min(0).max(1).default(1),
};
export const dictItemAddSchema = z.object(dictItemFields);
export const dictItemEditSchema = z.object({ id: z.string().min(1).max(64), ...dictItemFields });

export const dictRoutes = {
  list: defineRoute<ListPage<DictRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/dict/list',
    access: mark(marks.system.dict.list),
    summary: 'List dictionaries',
    tag,
    query: listQuerySchema,
  }),
  add: defineRoute<{ id: string }, typeof dictAddSchema>({
    method: 'POST',
    path: '/sys/dict/add',
    access: mark(marks.system.dict.add),
    summary: 'Add a dictionary',
    tag,
    body: dictAddSchema,
  }),
  edit: defineRoute<null, typeof dictEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/dict/edit',
    access: mark(marks.system.dict.edit),
    summary: 'Edit a dictionary',
    tag,
    body: dictEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/dict/delete',
    access: mark(marks.system.dict.delete),
    summary: 'Delete a dictionary',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/dict/deleteBatch',
    access: mark(marks.system.dict.delete),
    summary: 'Delete dictionaries',
    tag,
    query: sysIdsQuerySchema,
  }),
  exportXls: defineRoute<null, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/dict/exportXls',
    access: mark(marks.system.dict.export),
    summary: 'Export dictionaries as .xlsx',
    tag,
    query: listQuerySchema,
  }),
  getDictItems: defineRoute<DictOption[], undefined, undefined, z.ZodObject<{ code: z.ZodString }>>({
    method: 'GET',
    path: '/sys/dict/getDictItems/:code',
    access: 'authenticated',
    summary:
      'Enabled items of a dictionary (or `table,text,code` of a whitelisted table, which needs that table’s list mark, e.g. system:user:list)',
    tag,
    params: z.object({ code: z.string().min(1).max(200) }),
  }),
  refleshCache: defineRoute<null>({
    method: 'GET',
    path: '/sys/dict/refleshCache',
    // A GET as upstream, but it changes what every user is served: it needs the edit mark.
    access: mark(marks.system.dict.edit),
    summary: 'Clear the server caches of dictionaries, translations and permissions (needs system:dict:edit)',
    tag,
  }),
  itemList: defineRoute<ListPage<DictItemRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/dictItem/list',
    access: mark(marks.system.dict.list),
    summary: 'Items of a dictionary (filter dictId), by sort order',
    tag,
    query: listQuerySchema,
  }),
  itemAdd: defineRoute<{ id: string }, typeof dictItemAddSchema>({
    method: 'POST',
    path: '/sys/dictItem/add',
    access: mark(marks.system.dict.add),
    summary: 'Add a dictionary item',
    tag,
    body: dictItemAddSchema,
  }),
  itemEdit: defineRoute<null, typeof dictItemEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/dictItem/edit',
    access: mark(marks.system.dict.edit),
    summary: 'Edit a dictionary item',
    tag,
    body: dictItemEditSchema,
  }),
  itemDelete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/dictItem/delete',
    access: mark(marks.system.dict.delete),
    summary: 'Delete a dictionary item',
    tag,
    query: sysIdQuerySchema,
  }),
  itemDeleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/dictItem/deleteBatch',
    access: mark(marks.system.dict.delete),
    summary: 'Delete dictionary items',
    tag,
    query: sysIdsQuerySchema,
  }),
} as const;
