import {
  type DictCatalogue,
  isCalendarDateTime,
  type Language,
  type ListPage,
  type ListQuery,
} from '@ics/contract/server';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/database';
import { AppError } from '../lib/errors';
import { translate } from '../lib/messages';
import type { Caller } from './routes';

/** How a field may be filtered: the kind decides how values are parsed and bound. */
export type FilterKind = 'text' | 'number' | 'date' | 'bool';

export type ColumnSpec = {
  /** SQL expression of the column (trusted: written in code, never taken from a request). */
  column: string;
  /** What the list returns for it, when that differs from `column` (formatted dates). */
  select?: string;
  filter?: FilterKind;
  sortable?: boolean;
  /** Dictionary code: records gain `<field>_dictText`. */
  dict?: string;
  /** Column header of the export, [zh-CN, en-US]; fields without one are not exported. */
  title?: readonly [string, string];
};

/** A list resource: the only fields, filters and sort columns a request can reach. */
export type ListResource = {
  /** FROM clause, with joins (trusted). */
  from: string;
  columns: Record<string, ColumnSpec>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Conditions always applied (trusted SQL without parameters), such as `del_flag = 0`. */
  baseWhere?: string[];
  /** A unique column that makes the order total, so pages never overlap. */
  tiebreak?: string;
  /** Url of the menu whose data rules restrict this list (registered with `ListRules`). */
  ruleMenu?: string;
};

/** Collects bound parameters; `add` returns the placeholder to write into the SQL. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in the platform's time zone (the contract's date format). */
export const formatTime = (column: string) =>
  `to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** A time column: shown as `formatTime`, filtered by date and sortable; exported under `title`. */
export const timeColumn = (column: string, title?: readonly [string, string]): ColumnSpec => ({
  column,
  select: formatTime(column),
  filter: 'date',
  sortable: true,
  ...(title ? { title } : {}),
});

/** What sets a table's record list apart: its own fields, and how it is restricted and ordered. */
export type RecordListSpec = {
  /** The fields between `id` and `createTime`, in the order they are selected and exported. */
  columns: Record<string, ColumnSpec>;
  /** Url of the menu whose data rules restrict the list (see `ListResource.ruleMenu`). */
  ruleMenu?: string;
  /** Rows whose `del_flag` is set are deleted: the list leaves them out. */
  softDelete?: boolean;
  /** Column header of `createTime` in the export, when it is exported. */
  createdTitle?: readonly [string, string];
  /** What orders rows created at the same time; the alias's `id` by default. */
  tiebreak?: string;
};

/**
 * The list of a table's records, newest first: `from` is the table and its alias (`<table> t`);
 * the records have the alias's `id` first and its `create_time` (as `createTime`) last.
 */
export function recordList(from: string, spec: RecordListSpec): ListResource {
  const alias = from.slice(from.lastIndexOf(' ') + 1);
  return {
    from,
    ...(spec.ruleMenu ? { ruleMenu: spec.ruleMenu } : {}),
    ...(spec.softDelete ? { baseWhere: [`${alias}.del_flag = 0`] } : {}),
    defaultSort: { field: 'createTime', order: 'desc' },
    tiebreak: spec.tiebreak ?? `${alias}.id`,
    columns: {
      id: { column: `${alias}.id` },
      ...spec.columns,
      createTime: timeColumn(`${alias}.create_time`, spec.createdTitle),
    },
  };
}

/** A wall time of the platform's zone: `yyyy-MM-dd`, optionally ` HH:mm`, `:ss`, `.fff` (upstream clients). */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/;
/** An instant: a date and time with its offset (`2026-11-26T00:00:00.000+01:00`, `…Z`), as the console sends. */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;
const isInstant = (value: string) => INSTANT_PATTERN.test(value.trim());
/** The largest magnitude a number filter takes: beyond it no column of the platform holds a value. */
const NUMBER_LIMIT = 1e15;
const RESERVED = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'superQueryParams',
  'superQueryMatchType',
  '_t',
  'lang',
]);

/** How a filter compares a column with a value. */
export type FilterOperator =
  | '='
  | '<>'
  | '>'
  | '>='
  | '<'
  | '<='
  | 'like'
  | 'left_like'
  | 'right_like'
  | 'in';

const badFilter = (field: string) => new AppError(400, 'system.list.bad_filter', { field });

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Converts one filter value to the type its column needs, or refuses it. */
function convert(kind: FilterKind, field: string, raw: string, endOfDay = false): unknown {
  const value = raw.trim();
  switch (kind) {
    case 'number': {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n) || Math.abs(n) > NUMBER_LIMIT) throw badFilter(field);
      return n;
    }
    case 'bool':
      if (value === '1' || value === 'true') return true;
      if (value === '0' || value === 'false') return false;
      throw badFilter(field);
    case 'date':
      // The shape alone lets `2024-02-30` through to PostgreSQL, which then fails the query.
      if (!(DATE_PATTERN.test(value) || isInstant(value)) || !isCalendarDateTime(value))
        throw badFilter(field);
      return endOfDay && value.length === 10 ? `${value} 23:59:59.999` : value;
    default:
      return raw;
  }
}

/** One bound condition on a whitelisted column; refuses a value the column's kind cannot take. */
export function filterCondition(
  spec: ColumnSpec,
  field: string,
  op: FilterOperator,
  value: string,
  params: SqlParams,
  endOfDay = false,
): string {
  const kind = spec.filter ?? 'text';
  const col = spec.column;
  // A number is bound as numeric whatever the column's type: `1.5` or `1e12` against an integer
  // column is then a comparison that matches nothing, not an error of the query.
  // A time with its offset names one instant, whatever the zone of the server or the session;
  // a wall time without one is read in the platform's zone, the zone the lists show.
  const cast =
    kind === 'date'
      ? isInstant(value)
        ? '::timestamptz'
        : "::timestamp at time zone 'Asia/Shanghai'"
      : kind === 'number'
        ? '::numeric'
        : '';
  if (op === 'like' || op === 'left_like' || op === 'right_like') {
    if (kind !== 'text') throw badFilter(field);
    const v = escapeLike(value);
    const pattern = op === 'like' ? `%${v}%` : op === 'left_like' ? `%${v}` : `${v}%`;
    return `${col}::text ilike ${params.add(pattern)}`;
  }
  if (op === 'in') {
    const values = value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) throw badFilter(field);
    if (kind === 'number')
      return `${col} = any(${params.add(values.map((v) => convert(kind, field, v)))}::numeric[])`;
    if (kind === 'text') return `${col}::text = any(${params.add(values)}::text[])`;
    throw badFilter(field);
  }
  const bound = convert(kind, field, value, endOfDay);
  if (kind === 'text') return `${col}::text ${op} ${params.add(bound)}`;
  return `${col} ${op} (${params.add(bound)}${cast})`;
}

/** Reads the operator from a filter value (contract section 1). */
function parseValue(raw: string): { op: FilterOperator; value: string } {
  const compare = /^(>=|<=|>|<) (.*)$/.exec(raw);
  if (compare) return { op: compare[1] as FilterOperator, value: compare[2]! };
  if (raw.startsWith('!')) return { op: '<>', value: raw.slice(1) };
  if (raw.length > 1 && raw.startsWith('*') && raw.endsWith('*'))
    return { op: 'like', value: raw.slice(1, -1) };
  if (raw.startsWith('*')) return { op: 'left_like', value: raw.slice(1) };
  if (raw.endsWith('*')) return { op: 'right_like', value: raw.slice(0, -1) };
  if (raw.includes(',')) return { op: 'in', value: raw };
  return { op: '=', value: raw };
}

const SUPER_RULES: Record<string, FilterOperator> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
  in: 'in',
};

function superQuery(resource: ListResource, query: ListQuery, params: SqlParams): string | undefined {
  const text = query.superQueryParams;
  if (!text) return undefined;
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    try {
      items = JSON.parse(decodeURIComponent(text));
    } catch {
      throw new AppError(400, 'system.list.bad_super_query');
    }
  }
  if (!Array.isArray(items)) throw new AppError(400, 'system.list.bad_super_query');
  const parts: string[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') throw new AppError(400, 'system.list.bad_super_query');
    const { field, rule, val } = item as Record<string, unknown>;
    const spec =
      typeof field === 'string' && Object.hasOwn(resource.columns, field)
        ? resource.columns[field]
        : undefined;
    const op = typeof rule === 'string' && Object.hasOwn(SUPER_RULES, rule) ? SUPER_RULES[rule] : undefined;
    if (!spec?.filter || !op || (typeof val !== 'string' && typeof val !== 'number')) {
      throw new AppError(400, 'system.list.bad_super_query');
    }
    if (String(val) === '') continue;
    parts.push(filterCondition(spec, field as string, op, String(val), params));
  }
  if (parts.length === 0) return undefined;
  return `(${parts.join(query.superQueryMatchType === 'or' ? ' or ' : ' and ')})`;
}

/** The WHERE conditions of a list request: whitelisted field filters, ranges and the advanced query. */
export function whereOf(resource: ListResource, query: ListQuery, params: SqlParams): string[] {
  const where = [...(resource.baseWhere ?? [])];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    if (text.trim() === '') continue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range && Object.hasOwn(resource.columns, range[1]!)) {
      const spec = resource.columns[range[1]!]!;
      if (!spec.filter || spec.filter === 'bool') continue;
      where.push(
        filterCondition(
          spec,
          range[1]!,
          range[2] === 'begin' ? '>=' : '<=',
          text,
          params,
          range[2] === 'end',
        ),
      );
      continue;
    }
    if (!Object.hasOwn(resource.columns, key)) continue;
    const spec = resource.columns[key]!;
    if (!spec.filter) continue;
    const { op, value: v } = parseValue(text);
    where.push(filterCondition(spec, key, op, v, params));
  }
  const sq = superQuery(resource, query, params);
  if (sq) where.push(sq);
  return where;
}

/** ORDER BY from `column`/`order`: only whitelisted sortable fields; anything else is refused. */
export function orderOf(resource: ListResource, query: ListQuery): string {
  let field = resource.defaultSort.field;
  let order = query.order ?? resource.defaultSort.order;
  if (query.column) {
    const requested = query.column.replace(/_dictText$/, '');
    const spec = Object.hasOwn(resource.columns, requested) ? resource.columns[requested] : undefined;
    if (spec?.sortable) field = requested;
    else if (requested === 'createTime') order = query.order ?? resource.defaultSort.order;
    else throw new AppError(400, 'system.list.bad_column', { column: query.column.slice(0, 64) });
  }
  const column = resource.columns[field]!.column;
  const dir = order === 'asc' ? 'asc' : 'desc';
  return `order by ${column} ${dir} nulls last${resource.tiebreak ? `, ${resource.tiebreak}` : ''}`;
}

const selectList = (resource: ListResource) =>
  Object.entries(resource.columns)
    .map(([field, spec]) => `${spec.select ?? spec.column} as "${field}"`)
    .join(', ');

/** Conditions a caller's rows must meet beyond the request's own filters (trusted SQL, bound values). */
export type ListRestriction = (params: SqlParams) => string[];

/**
 * Data rules: which rows of a list each caller may see (the permission module grants them).
 * A module owning a list registers it, so that rules can be written for the list's menu.
 */
export type ListRules = {
  register(resource: ListResource): void;
  /** The conditions of the caller's rules on `resource`; undefined when they see every row. */
  forCaller(caller: Caller, resource: ListResource): Promise<ListRestriction | undefined>;
};

export type ListOptions = {
  /** More conditions (trusted SQL) that bind their values through the same parameters. */
  extraWhere?: (params: SqlParams) => string[];
  /** Dictionaries for `_dictText`. */
  dicts?: DictCatalogue;
  /** The caller's data rules on this list (`ListRules.forCaller`); absent when they see every row. */
  dataRules?: ListRestriction | undefined;
};

/** Every condition of a list request: filters, then the caller's scope and data rules. */
function allConditions(
  resource: ListResource,
  query: ListQuery,
  options: ListOptions,
  params: SqlParams,
): string[] {
  return [
    ...whereOf(resource, query, params),
    ...(options.extraWhere?.(params) ?? []),
    ...(options.dataRules?.(params) ?? []),
  ];
}

/** Adds `<field>_dictText` to every record for dictionary-backed fields. */
export function decorate<T extends Record<string, unknown>>(
  resource: ListResource,
  records: T[],
  dicts: DictCatalogue | undefined,
): T[] {
  if (!dicts) return records;
  const dictFields = Object.entries(resource.columns).filter(([, s]) => s.dict);
  if (dictFields.length === 0) return records;
  for (const record of records) {
    for (const [field, spec] of dictFields) {
      const value = record[field];
      const options = dicts[spec.dict!] ?? [];
      const text =
        value === null || value === undefined
          ? ''
          : String(value)
              .split(',')
              .map((v) => options.find((o) => o.value === v)?.text ?? v)
              .join(',');
      (record as Record<string, unknown>)[`${field}_dictText`] = text;
    }
  }
  return records;
}

/** One page of a list resource with the total count; every value bound as a parameter. */
export async function listPage<T extends Record<string, unknown>>(
  db: Queryable,
  resource: ListResource,
  query: ListQuery,
  options: ListOptions = {},
): Promise<ListPage<T>> {
  const params = new SqlParams();
  const where = allConditions(resource, query, options, params);
  const whereSql = where.length ? `where ${where.map((w) => `(${w})`).join(' and ')}` : '';
  const order = orderOf(resource, query);
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? 10;
  const filterValues = [...params.values];
  const limit = params.add(pageSize);
  const offset = params.add((pageNo - 1) * pageSize);
  // Separate count and page queries measured faster than one query with count(*) over ():
  // the window forces every matching row to be read, the page alone stops at the limit.
  const [[count], records] = await Promise.all([
    db.query<{ total: number }>(
      `select count(*)::int as total from ${resource.from} ${whereSql}`,
      filterValues,
    ),
    db.query<T>(
      `select ${selectList(resource)} from ${resource.from} ${whereSql} ${order} limit ${limit} offset ${offset}`,
      params.values,
    ),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    records: decorate(resource, records, options.dicts),
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
  };
}

/** Every row a list request matches (for export), up to `max`. */
export async function listAll<T extends Record<string, unknown>>(
  db: Queryable,
  resource: ListResource,
  query: ListQuery,
  options: ListOptions = {},
  max = 50_000,
): Promise<T[]> {
  const params = new SqlParams();
  const where = allConditions(resource, query, options, params);
  const whereSql = where.length ? `where ${where.map((w) => `(${w})`).join(' and ')}` : '';
  const rows = await db.query<T>(
    `select ${selectList(resource)} from ${resource.from} ${whereSql} ${orderOf(resource, query)} limit ${params.add(max)}`,
    params.values,
  );
  return decorate(resource, rows, options.dicts);
}

/** One list resource read through a connection: its pages, every row a request matches, one record. */
export class ListReader<T extends Record<string, unknown>> {
  constructor(
    private readonly db: Queryable,
    readonly resource: ListResource,
  ) {}

  page(query: ListQuery, options?: ListOptions): Promise<ListPage<T>> {
    return listPage<T>(this.db, this.resource, query, options);
  }

  rows(query: ListQuery, options?: ListOptions): Promise<T[]> {
    return listAll<T>(this.db, this.resource, query, options);
  }

  /** A page of what `caller` may see: their data rules on this list (`rules`) restrict it. */
  async pageFor(
    rules: ListRules,
    caller: Caller,
    query: ListQuery,
    options: ListOptions = {},
  ): Promise<ListPage<T>> {
    return this.page(query, { ...options, dataRules: await rules.forCaller(caller, this.resource) });
  }

  /** Every row a request matches that `caller` may see, for the export. */
  async rowsFor(rules: ListRules, caller: Caller, query: ListQuery, options: ListOptions = {}): Promise<T[]> {
    return this.rows(query, { ...options, dataRules: await rules.forCaller(caller, this.resource) });
  }

  /** The record whose `id` field is `id` (`options` may add dictionaries), or undefined. */
  async byId(id: string, options: ListOptions = {}): Promise<T | undefined> {
    const column = this.resource.columns.id!.column;
    const page = await this.page(
      { pageNo: 1, pageSize: 1 },
      { ...options, extraWhere: (p) => [`${column} = ${p.add(id)}`] },
    );
    return page.records[0];
  }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds an .xlsx of `rows` with the resource's titled columns (dictionary texts where present). */
async function toXlsx(
  resource: Pick<ListResource, 'columns'>,
  rows: Record<string, unknown>[],
  lang: Language,
  sheetName: string,
): Promise<Buffer> {
  // Loaded on the first export, not at start: exceljs alone took 0.4 s and 28 MB to load.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  const columns = Object.entries(resource.columns).filter(([, s]) => s.title);
  sheet.columns = columns.map(([field, spec]) => ({
    header: lang === 'en-US' ? spec.title![1] : spec.title![0],
    key: field,
    width: 20,
  }));
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map(([field, spec]) => {
          const value = spec.dict ? row[`${field}_dictText`] : row[field];
          return [field, value instanceof Date ? value.toISOString() : (value ?? '')];
        }),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends an .xlsx download. */
async function sendXlsx(reply: FastifyReply, filename: string, content: Buffer): Promise<void> {
  const name = `${filename}.xlsx`;
  await reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(content);
}

/**
 * Answers an .xlsx download of `rows` with the resource's titled columns, its file named in the
 * request's language; the handler then returns without a result.
 */
export async function replyXlsx(
  reply: FastifyReply,
  lang: Language,
  resource: Pick<ListResource, 'columns'>,
  rows: Record<string, unknown>[],
  filename: Record<Language, string>,
): Promise<void> {
  const file = await toXlsx(resource, rows, lang, translate(lang, 'system.export.sheet'));
  await sendXlsx(reply, filename[lang], file);
}
