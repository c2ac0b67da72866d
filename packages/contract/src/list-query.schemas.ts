import { z } from 'zod';
import { textInput } from './text-input.schemas';

/** No list has more pages than this; a larger page number is a mistake or a probe. */
export const MAX_PAGE_NO = 10_000_000;

/**
 * The paging, sorting and advanced-query fields of both list queries (`listQuerySchema`,
 * `pageQuerySchema`); `superQueryParams` takes up to `superQueryMax` characters.
 */
export const pagingShape = (superQueryMax: number) => ({
  // Bounded so that the offset (pageNo - 1) × pageSize stays far inside PostgreSQL's bigint.
  pageNo: z.coerce.number().int().min(1).max(MAX_PAGE_NO).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: textInput().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  superQueryParams: textInput().max(superQueryMax).optional(),
  superQueryMatchType: z.enum(['and', 'or']).optional(),
  _t: z.coerce.number().optional(),
});

/**
 * Query of every list: paging, sorting, advanced query, and field filters whose operator
 * comes from the value (`*x*`, `x*`, `*x`, `a,b`, `!x`, `> v`, `>= v`, `< v`, `<= v`,
 * `<field>_begin` / `<field>_end`). Unknown keys pass through to the resource's whitelist.
 * A time with an offset (`2026-11-26T00:00:00.000+01:00`, `…Z`) is that instant; a time
 * without one (`2026-11-26 00:00:00`, upstream clients) is a wall time of the platform's zone.
 */
export const listQuerySchema = z.looseObject({ ...pagingShape(8000), lang: textInput().optional() });
export type ListQuery = z.infer<typeof listQuerySchema>;

export const sysIdQuerySchema = z.object({ id: textInput().min(1).max(64) });
/** `ids=a,b,` (a trailing comma is allowed). */
export const sysIdsQuerySchema = z.object({ ids: textInput().min(1, 'form.ids.required').max(20_000) });

/** Optional text field: empty strings and null become null. */
export const optionalText = (max: number) =>
  textInput()
    .trim()
    .max(max, 'form.too_long')
    .nullish()
    .transform((v) => (v ? v : null));

/** The query schemas of a system resource's standard operations (see `crudRoutes`). */
export const sysCrudQueries = { list: listQuerySchema, id: sysIdQuerySchema, ids: sysIdsQuerySchema };
