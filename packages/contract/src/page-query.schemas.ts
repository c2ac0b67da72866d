import { z } from 'zod';
import { pagingShape } from './list-query.schemas';

/** Paging and sorting of the lists whose filters are named fields (announcements, device and lighting lists). */
export const pageQuerySchema = z.object(pagingShape(4000));
export type PageQuery = z.infer<typeof pageQuerySchema>;
