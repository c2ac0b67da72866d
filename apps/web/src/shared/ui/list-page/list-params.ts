import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/** How a search field turns into list parameters (jeecg QueryGenerator conventions). */
export type FilterKind =
  /** Free text, sent as `*x*` (contains). */
  | 'text'
  /** Exact value (a select of fixed options). */
  | 'select'
  /** Exact value chosen from a dictionary. */
  | 'dict'
  /** `<name>_begin` / `<name>_end`, whole days of the browser's zone, sent as instants. */
  | 'dateRange';

export type FilterField = {
  name: string;
  label: string;
  kind: FilterKind;
  /** Dictionary code for `dict`. */
  dictCode?: string;
  /** Options for `select`. */
  options?: { value: string; label: string }[];
  /** Send text as typed instead of `*x*` (when the server does its own contains-match). */
  raw?: boolean;
  /**
   * A control of its own instead of the kind's (a tree of areas and roads, a date-time range);
   * it gets the search form's `value`/`onChange` and the field's test id.
   */
  input?: (control: FilterControlProps) => ReactNode;
  /**
   * Parameters of its own instead of the kind's, from the field's value (a tree choice to
   * `areaId`/`roadId`, a time range to epoch-ms `from`/`to`). Empty entries are left out.
   */
  toParams?: (value: unknown) => Record<string, string | number | undefined>;
};

/** What a search form hands a filter control. */
export type FilterControlProps = {
  value?: unknown;
  onChange?: (value: unknown) => void;
  'data-testid': string;
};

export type SortState = { column?: string; order?: 'asc' | 'desc' };

export type FilterValues = Record<string, unknown>;

export const PAGE_SIZES = [10, 20, 30] as const;

const isRange = (v: unknown): v is [Dayjs | null, Dayjs | null] => Array.isArray(v) && v.length === 2;

/**
 * The first or last millisecond of a day as the browser's clock reads it, with its offset
 * (`2026-11-26T00:00:00.000+01:00`): the server then selects the same moments the console shows,
 * whatever its own zone. A wall time without an offset would be read in the server's zone.
 */
export function dayInstant(day: Dayjs, edge: 'start' | 'end'): string {
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).format('YYYY-MM-DDTHH:mm:ss.SSSZ');
}

/** The filter part of the query: `*x*` for text, exact values, `_begin`/`_end` for date ranges. */
export function filterParams(fields: readonly FilterField[], values: FilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.toParams) {
      for (const [name, param] of Object.entries(field.toParams(value)))
        if (param !== undefined && param !== '') out[name] = String(param);
      continue;
    }
    if (field.kind === 'dateRange') {
      if (!isRange(value)) continue;
      const [begin, end] = value;
      if (begin) out[`${field.name}_begin`] = dayInstant(begin, 'start');
      if (end) out[`${field.name}_end`] = dayInstant(end, 'end');
      continue;
    }
    const text = String(value).trim();
    if (!text) continue;
    out[field.name] = field.kind === 'text' && !field.raw ? `*${text.replace(/\*/g, '')}*` : text;
  }
  return out;
}

/** The whole list query: page, size, sort and filters (no `_t`; the HTTP client adds it). */
export function listParams(input: {
  pageNo: number;
  pageSize: number;
  sort: SortState;
  filters: Record<string, string>;
  extra?: Record<string, string | number | undefined>;
}): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNo: input.pageNo, pageSize: input.pageSize };
  if (input.sort.column && input.sort.order) {
    params.column = input.sort.column;
    params.order = input.sort.order;
  }
  for (const [k, v] of Object.entries(input.extra ?? {})) if (v !== undefined && v !== '') params[k] = v;
  return { ...params, ...input.filters };
}

/** antd's sorter order → `asc` / `desc`. */
export function toOrder(order: 'ascend' | 'descend' | null | undefined): 'asc' | 'desc' | undefined {
  if (order === 'ascend') return 'asc';
  if (order === 'descend') return 'desc';
  return undefined;
}

/** `deleteBatch?ids=a,b,` (the trailing comma of the upstream console). */
export function idsParam(ids: readonly (string | number)[]): string {
  return ids.map(String).join(',') + (ids.length ? ',' : '');
}

/** The file name of a `content-disposition` header (RFC 5987 `filename*` first). */
export function dispositionFilename(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Which columns are hidden, stored per list: `null` means the defaults. */
export function visibleColumnKeys(all: readonly string[], hidden: readonly string[] | null): string[] {
  const set = new Set(hidden ?? []);
  return all.filter((k) => !set.has(k));
}

/** A select filter over fixed choices, `[value, label]` each (an online state, a severity). */
export function selectFilter(
  name: string,
  label: string,
  choices: readonly (readonly [value: string, label: string])[],
): FilterField {
  return { name, label, kind: 'select', options: choices.map(([value, text]) => ({ value, label: text })) };
}

/** Free-text search fields, each labelled with its name's text: `textFilters((n) => t(n), 'code', 'name')`. */
export function textFilters<N extends string>(label: (name: N) => string, ...names: N[]): FilterField[] {
  return names.map((name) => ({ name, label: label(name), kind: 'text' }));
}
