import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { listQuerySchema } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';

export const logListQuerySchema = listQuerySchema.extend({
  logType: z.coerce.number().int().min(1).max(2).optional(),
  /** Upstream names for the time range. */
  createTime_begin: textInput().max(40).optional(),
  createTime_end: textInput().max(40).optional(),
  keyWord: textInput().max(100).optional(),
});

export const logCrudSchemas = { list: logListQuerySchema };

export const logRouteSchemas = crudBindings(logCrudSchemas);
