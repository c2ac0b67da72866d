import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { listQuerySchema, sysIdsQuerySchema } from '../../list-query.schemas';

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

export const i18nCrudSchemas = {
  list: listQuerySchema,
  id: i18nIdQuerySchema,
  ids: sysIdsQuerySchema,
  add: i18nAddSchema,
  edit: i18nEditSchema,
};

export const i18nRouteSchemas = crudBindings(i18nCrudSchemas);
