import type { Queryable, Row } from '../db/database';

/**
 * Helpers for list queries written by hand (typed filters of a module's own list routes, where
 * `list-query.ts`'s generic filter syntax does not apply): conditions with numbered parameters,
 * text search patterns, whitelisted sorting and paging.
 */

/** Which projects a caller may see: `all`, or their ids. */
export type ScopeFilter = 'all' | readonly string[];

/** Builds `where` clauses with numbered parameters: `add('a = ? and b = ?', x, y)`. */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[] = []) {}

  add(sql: string, ...values: unknown[]): this {
    let text = sql;
    for (const v of values) {
      this.params.push(v);
      text = text.replace('?', `$${this.params.length}`);
    }
    this.parts.push(text);
    return this;
  }

  /**
   * `alias.column = value` for each of `fields` that `filter` sets (an empty one filters
   * nothing); the column is the field in snake case: `projectId` → `alias.project_id`.
   */
  equal<F extends object>(alias: string, filter: F, fields: readonly (keyof F & string)[]): this {
    return this.each(alias, filter, fields, (column, value) => this.add(`${column} = ?`, value));
  }

  /** `alias.column ilike %value%` for each of `fields` that `filter` sets to a text, named as by `equal`. */
  contains<F extends object>(alias: string, filter: F, fields: readonly (keyof F & string)[]): this {
    return this.each(alias, filter, fields, (column, value) => {
      if (typeof value === 'string') this.add(`${column} ilike ?`, containing(value));
    });
  }

  /** Calls `condition` with `alias.column` and the value of each of `fields` that `filter` sets. */
  private each<F extends object>(
    alias: string,
    filter: F,
    fields: readonly (keyof F & string)[],
    condition: (column: string, value: unknown) => void,
  ): this {
    for (const field of fields) {
      const value = filter[field];
      if (value) condition(`${alias}.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, value);
    }
    return this;
  }

  /** Limits the rows to the caller's projects (`column` holds a row's project id). */
  scope(scope: ScopeFilter, column: string): this {
    if (scope !== 'all') this.add(`${column} = any(?::text[])`, scope);
    return this;
  }

  get sql(): string {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

/** An `ilike` pattern for text containing `s`, its own wildcards escaped. */
export const containing = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column dir` when the requested column is one of `allowed` (field → SQL), else `fallback`. */
export function sortOrder(
  column: string | undefined,
  dir: string | undefined,
  allowed: Record<string, string>,
  fallback: string,
): string {
  // An own property only: `__proto__` or `toString` must not reach the SQL as Object's members.
  const col = column && Object.hasOwn(allowed, column) ? allowed[column] : undefined;
  return col ? `${col} ${dir === 'asc' ? 'asc' : 'desc'}` : fallback;
}

/** `limit … offset …` of a page (both numbers validated by the route's schema). */
export const pageOf = (q: { pageNo: number; pageSize: number }): string =>
  `limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`;

/**
 * A page of `rows … where … order by orderBy` and how many rows `countFrom` holds under the
 * same conditions, read side by side.
 */
export async function pageRows<T extends Row>(
  db: Queryable,
  w: Where,
  q: { pageNo: number; pageSize: number },
  rows: string,
  countFrom: string,
  orderBy: string,
): Promise<Paged<T>> {
  const [page, [count]] = await Promise.all([
    db.query<T>(`${rows} ${w.sql} order by ${orderBy} ${pageOf(q)}`, w.params),
    db.query<{ n: number }>(`select count(*)::int as n ${countFrom} ${w.sql}`, w.params),
  ]);
  return { rows: page, total: count?.n ?? 0 };
}

/** One page of a list and how many rows it has in all. */
export type Paged<T> = { rows: T[]; total: number };

/** How a list reads a page: its rows, what its count reads, and the columns a request may sort by. */
export type PageSql = {
  /** `select … from …` of the rows. */
  rows: string;
  /** `from …` of the count (without joins no condition needs). */
  countFrom: string;
  /** Field → SQL of each column a request may sort by (`column`, `order`). */
  sortable: Record<string, string>;
  /** The order when the request names none of them. */
  fallback: string;
  /** A unique column that orders rows the sort leaves equal, so that pages never overlap. */
  tiebreak: string;
};

/** `pageRows` sorted as the request asks (`sortOrder`), each row mapped to what the list answers. */
export async function sortedPage<T extends Row, D>(
  db: Queryable,
  w: Where,
  q: { pageNo: number; pageSize: number; column?: string | undefined; order?: string | undefined },
  map: (row: T) => D,
  sql: PageSql,
): Promise<Paged<D>> {
  const sort = sortOrder(q.column, q.order, sql.sortable, sql.fallback);
  const { rows, total } = await pageRows<T>(db, w, q, sql.rows, sql.countFrom, `${sort}, ${sql.tiebreak}`);
  return { rows: rows.map(map), total };
}

/** A timestamp column's value as ISO text; null stays null. */
export const isoOrNull = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

/** The first column of the first row that `sql` answers; undefined when it answers no row. */
export async function firstValue<T>(db: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  const [row] = await db.query<Record<string, T>>(sql, params);
  return row ? Object.values(row)[0] : undefined;
}
