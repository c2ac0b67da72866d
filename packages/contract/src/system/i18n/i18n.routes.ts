import { z } from 'zod';
import { type ListPage, listQuerySchema, sysIdsQuerySchema } from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

const tag = 'system-i18n';

export type I18nRecord = { id: string; key: string; zhCn: string; enUs: string; updateTime: string };

const i18nFields = {
  key: z
    .string({ error: 'form.i18n_key.required' })
    .trim()
    .min(1, 'form.i18n_key.required')
    .max(200, 'form.too_long')
    .regex(/^[A-Za-z0-9_.-]+$/, 'form.i18n_key.chars'),
  zhCn: z
    .string({ error: 'form.i18n_text.required' })
    .trim()
    .min(1, 'form.i18n_text.required')
    .max(500, 'form.too_long'),
  enUs: z
    .string({ error: 'form.i18n_text.required' })
    .trim()
    .min(1, 'form.i18n_text.required')
    .max(500, 'form.too_long'),
};
export const i18nAddSchema = z.object(i18nFields);
/** `id` is the key being edited; `key` may rename it. */
export const i18nEditSchema = z.object({ id: z.string().min(1).max(200), ...i18nFields });
export const i18nIdQuerySchema = z.object({ id: z.string().min(1).max(200) });

export const i18nRoutes = {
  list: defineRoute<ListPage<I18nRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/i18n/list',
    access: mark(marks.system.i18n.list),
    summary: 'List translations (filters key, zhCn, enUs)',
    tag,
    query: listQuerySchema,
  }),
  add: defineRoute<{ id: string }, typeof i18nAddSchema>({
    method: 'POST',
    path: '/sys/i18n/add',
    access: mark(marks.system.i18n.add),
    summary: 'Add a translation',
    tag,
    body: i18nAddSchema,
  }),
  edit: defineRoute<null, typeof i18nEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/i18n/edit',
    access: mark(marks.system.i18n.edit),
    summary: 'Edit a translation',
    tag,
    body: i18nEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof i18nIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/i18n/delete',
    access: mark(marks.system.i18n.delete),
    summary: 'Delete a translation',
    tag,
    query: i18nIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/i18n/deleteBatch',
    access: mark(marks.system.i18n.delete),
    summary: 'Delete translations',
    tag,
    query: sysIdsQuerySchema,
  }),
  exportXls: defineRoute<null, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/i18n/exportXls',
    access: mark(marks.system.i18n.export),
    summary: 'Export translations as .xlsx',
    tag,
    query: listQuerySchema,
  }),
} as const;
