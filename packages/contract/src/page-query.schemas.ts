import { z } from 'zod';
import { MAX_PAGE_NO } from './list-query.schemas';
import { textInput } from './text-input.schemas';

/** Paging and sorting of the lists whose filters are named fields (announcements, device and lighting lists). */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(MAX_PAGE_NO).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: textInput().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  superQueryParams: textInput().max(4000).optional(),
  superQueryMatchType: z.enum(['and', 'or']).optional(),
  _t: z.coerce.number().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
