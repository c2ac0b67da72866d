import { z } from 'zod';

/** Paging and sorting of the lists whose filters are named fields (announcements, device and lighting lists). */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  superQueryParams: z.string().max(4000).optional(),
  superQueryMatchType: z.enum(['and', 'or']).optional(),
  _t: z.coerce.number().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
