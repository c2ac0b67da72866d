import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dispositionFilename,
  type FilterField,
  filterParams,
  idsParam,
  listParams,
  textFilters,
  toOrder,
  visibleColumnKeys,
} from './list-params';

const fields: FilterField[] = [
  { name: 'username', label: 'u', kind: 'text' },
  { name: 'status', label: 's', kind: 'dict', dictCode: 'user_status' },
  { name: 'createTime', label: 'c', kind: 'dateRange' },
  { name: 'titile', label: 't', kind: 'text', raw: true },
];

/** Runs `body` with the process (and so dayjs and Date) in the time zone `zone`. */
function inZone<T>(zone: string, body: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('list parameters', () => {
  it('turns text into *x*, keeps exact values and splits date ranges', () => {
    expect(
      inZone('America/New_York', () =>
        filterParams(fields, {
          username: ' ad ',
          status: '2',
          createTime: [dayjs('2024-01-02'), dayjs('2024-01-05')],
          titile: 'hello',
        }),
      ),
    ).toEqual({
      username: '*ad*',
      status: '2',
      createTime_begin: '2024-01-02T00:00:00.000-05:00',
      createTime_end: '2024-01-05T23:59:59.999-05:00',
      titile: 'hello',
    });
  });

  it("sends a date range as the browser's whole days with their offset, not as wall times", () => {
    // The same days picked in Shanghai and in Berlin are different moments; each is sent as the
    // instant the browser means, across a change of summer time within the range.
    const range = (zone: string) =>
      inZone(zone, () =>
        filterParams(fields, { createTime: [dayjs('2026-03-28 15:00'), dayjs('2026-03-29 08:00')] }),
      );
    expect(range('Asia/Shanghai')).toEqual({
      createTime_begin: '2026-03-28T00:00:00.000+08:00',
      createTime_end: '2026-03-29T23:59:59.999+08:00',
    });
    const berlin = range('Europe/Berlin');
    expect(berlin).toEqual({
      createTime_begin: '2026-03-28T00:00:00.000+01:00',
      createTime_end: '2026-03-29T23:59:59.999+02:00',
    });
    expect(new Date(berlin.createTime_begin!).toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(new Date(berlin.createTime_end!).toISOString()).toBe('2026-03-29T21:59:59.999Z');
  });

  it('lets a field turn its value into parameters of its own, leaving out empty ones', () => {
    const place: FilterField = {
      name: 'place',
      label: 'p',
      kind: 'select',
      toParams: (v) => {
        const [kind, id] = String(v).split(':');
        return { areaId: kind === 'area' ? id : undefined, roadId: kind === 'road' ? id : '' };
      },
    };
    const span: FilterField = {
      name: 'time',
      label: 't',
      kind: 'dateRange',
      toParams: (v) => {
        const [from, to] = v as [dayjs.Dayjs, dayjs.Dayjs];
        return { from: from.valueOf(), to: to.valueOf() };
      },
    };
    const from = dayjs('2024-01-02T08:30:00Z');
    const to = dayjs('2024-01-02T09:00:00Z');
    expect(filterParams([place, span], { place: 'area:a1', time: [from, to] })).toEqual({
      areaId: 'a1',
      from: String(from.valueOf()),
      to: String(to.valueOf()),
    });
    expect(filterParams([place, span], { place: undefined, time: null })).toEqual({});
  });

  it('skips empty values', () => {
    expect(filterParams(fields, { username: '  ', status: undefined, createTime: null })).toEqual({});
  });

  it('builds paging, sorting and extra parameters', () => {
    expect(
      listParams({
        pageNo: 2,
        pageSize: 20,
        sort: { column: 'username', order: 'asc' },
        filters: { username: '*a*' },
        extra: { logType: 1, empty: '' },
      }),
    ).toEqual({ pageNo: 2, pageSize: 20, column: 'username', order: 'asc', logType: 1, username: '*a*' });
    expect(listParams({ pageNo: 1, pageSize: 10, sort: { column: 'x' }, filters: {} })).toEqual({
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('maps antd sort orders', () => {
    expect(toOrder('ascend')).toBe('asc');
    expect(toOrder('descend')).toBe('desc');
    expect(toOrder(null)).toBeUndefined();
  });

  it('joins ids with the trailing comma of deleteBatch', () => {
    expect(idsParam(['a', 'b'])).toBe('a,b,');
    expect(idsParam([])).toBe('');
  });

  it('reads the file name of a download', () => {
    expect(
      dispositionFilename(
        `attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`,
        'x',
      ),
    ).toBe('用户列表.xlsx');
    expect(dispositionFilename('attachment; filename="users.xlsx"', 'x')).toBe('users.xlsx');
    expect(dispositionFilename(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('computes visible columns from the hidden ones', () => {
    expect(visibleColumnKeys(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
    expect(visibleColumnKeys(['a', 'b'], null)).toEqual(['a', 'b']);
  });

  it('labels text filters with their names', () => {
    expect(textFilters((name) => name.toUpperCase(), 'code', 'name')).toEqual([
      { name: 'code', label: 'CODE', kind: 'text' },
      { name: 'name', label: 'NAME', kind: 'text' },
    ]);
  });
});
