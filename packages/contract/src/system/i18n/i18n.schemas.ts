import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { listQuerySchema, sysIdsQuerySchema } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { i18nFields } from './i18n.fields';

const i18nShape = zodShape(i18nFields);
export const i18nAddSchema = z.object(i18nShape);
/** `id` is the key being edited; `key` may rename it. */
export const i18nEditSchema = z.object({ id: textInput().min(1).max(200), ...i18nShape });
export const i18nIdQuerySchema = z.object({ id: textInput().min(1).max(200) });

export const i18nCrudSchemas = {
  list: listQuerySchema,
  id: i18nIdQuerySchema,
  ids: sysIdsQuerySchema,
  add: i18nAddSchema,
  edit: i18nEditSchema,
};

export const i18nRouteSchemas = crudBindings(i18nCrudSchemas);
