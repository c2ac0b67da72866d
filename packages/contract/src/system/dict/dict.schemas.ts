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

export const dictCrudSchemas = { ...sysCrudQueries, add: dictAddSchema, edit: dictEditSchema };
export const dictItemCrudSchemas = { ...sysCrudQueries, add: dictItemAddSchema, edit: dictItemEditSchema };

export const dictRouteSchemas = {
  ...crudBindings(dictCrudSchemas),
  ...crudBindings(dictItemCrudSchemas, 'item'),
  getDictItems: { params: dictCodeParamsSchema },
};
