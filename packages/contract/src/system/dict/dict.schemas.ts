import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysCrudQueries } from '../../list-query.schemas';

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

export const dictCodeParamsSchema = z.object({ code: z.string().min(1).max(200) });

export const dictCrudSchemas = { ...sysCrudQueries, add: dictAddSchema, edit: dictEditSchema };
export const dictItemCrudSchemas = { ...sysCrudQueries, add: dictItemAddSchema, edit: dictItemEditSchema };

export const dictRouteSchemas = {
  ...crudBindings(dictCrudSchemas),
  ...crudBindings(dictItemCrudSchemas, 'item'),
  getDictItems: { params: dictCodeParamsSchema },
};
