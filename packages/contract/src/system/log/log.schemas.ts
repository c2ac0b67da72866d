import { z } from 'zod';
import { listQuerySchema } from '../../list-query.schemas';

export const logListQuerySchema = listQuerySchema.extend({
  logType: z.coerce.number().int().min(1).max(2).optional(),
  /** Upstream names for the time range. */
  createTime_begin: z.string().max(40).optional(),
  createTime_end: z.string().max(40).optional(),
  keyWord: z.string().max(100).optional(),
});

export const logRouteSchemas = {
  list: { query: logListQuerySchema },
  exportXls: { query: logListQuerySchema },
};
