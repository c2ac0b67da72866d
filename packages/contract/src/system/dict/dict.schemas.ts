import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { sysCrudQueries } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { dictFields, dictItemFields } from './dict.fields';

const dictShape = zodShape(dictFields);
export const dictAddSchema = z.object(dictShape);
export const dictEditSchema = z.object({ id: textInput().min(1).max(64), ...dictShape });

const dictItemShape = {
  dictId: textInput().min(1).max(64),
  ...zodShape(dictItemFields),
  status: z.coerce.number().int().min(0).max(1).default(1),
};
export const dictItemAddSchema = z.object(dictItemShape);
export const dictItemEditSchema = z.object({ id: textInput().min(1).max(64), ...dictItemShape });

export const dictCodeParamsSchema = z.object({ code: textInput().min(1).max(200) });

/** Whether an item value is still free in its dictionary (`id`: the item being edited). */
export const dictItemCheckQuerySchema = z.object({
  dictId: textInput().min(1).max(64),
  itemValue: textInput().max(100),
  id: textInput().max(64).optional(),
});

/** Items of a dictionary whose text contains `keyword` (Jeecg's searchable selects). */
export const loadDictQuerySchema = z.object({
  keyword: textInput().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
});

/** One level of a tree read from a registered table: the rows whose `pidField` is `pid` (none or '0': the roots). */
export const loadTreeDataQuerySchema = z.object({
  pid: textInput().max(64).optional(),
  pidField: textInput().min(1).max(64),
  tableName: textInput().min(1).max(64),
  text: textInput().min(1).max(64),
  code: textInput().min(1).max(64),
  hasChildField: textInput().max(64).optional(),
  condition: textInput().max(2000).optional(),
});

export const dictCrudSchemas = { ...sysCrudQueries, add: dictAddSchema, edit: dictEditSchema };
export const dictItemCrudSchemas = { ...sysCrudQueries, add: dictItemAddSchema, edit: dictItemEditSchema };

export const dictRouteSchemas = {
  ...crudBindings(dictCrudSchemas),
  ...crudBindings(dictItemCrudSchemas, 'item'),
  getDictItems: { params: dictCodeParamsSchema },
  dictItemCheck: { query: dictItemCheckQuerySchema },
  loadDict: { params: dictCodeParamsSchema, query: loadDictQuerySchema },
  loadTreeData: { query: loadTreeDataQuerySchema },
};
