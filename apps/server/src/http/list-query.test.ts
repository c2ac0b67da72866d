import { listQuerySchema, pageQuerySchema } from '@ics/contract/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { type ListResource, orderOf, recordList, SqlParams, timeColumn, whereOf } from './list-query';
import { pageOf, sortOrder } from './sql-where';

const resource: ListResource = {
  from: 't',
  columns: {
    id: { column: 't.id' },
    name: { column: 't.name', filter: 'text', sortable: true },
    count: { column: 't.count', filter: 'number', sortable: true },
    createTime: { column: 't.create_time', filter: 'date', sortable: true },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** The error key `run` throws, or 'no error'. */
function errorOf(run: () => unknown): string {
  try {
    run();
    return 'no error';
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
}

const where = (query: Record<string, unknown>) =>
  whereOf(resource, listQuerySchema.parse(query), new SqlParams());

describe('list filters refuse what would fail the query', () => {
  it('refuses dates of the right shape that are no dates, in filters, ranges and the advanced query', () => {
    for (const bad of ['2024-99-99', '2024-02-30', '2024-02-30 25:61:61', '0000-00-00']) {
      expect(
        errorOf(() => where({ createTime_begin: bad })),
        bad,
      ).toBe('system.list.bad_filter');
      expect(
        errorOf(() => where({ createTime: bad })),
        bad,
      ).toBe('system.list.bad_filter');
      const superQueryParams = JSON.stringify([{ field: 'createTime', rule: 'eq', val: bad }]);
      expect(
        errorOf(() => where({ superQueryParams })),
        bad,
      ).toBe('system.list.bad_filter');
    }
    expect(errorOf(() => where({ createTime_begin: '2024-02-29', createTime_end: '2024-03-01 12:00' }))).toBe(
      'no error',
    );
  });

  it("binds a time with an offset as that instant, a wall time in the platform's zone", () => {
    const params = new SqlParams();
    const conditions = whereOf(
      resource,
      listQuerySchema.parse({
        createTime_begin: '2026-11-26T00:00:00.000-05:00',
        createTime_end: '2026-11-26 23:59:59',
      }),
      params,
    );
    expect(conditions).toEqual([
      't.create_time >= ($1::timestamptz)',
      "t.create_time <= ($2::timestamp at time zone 'Asia/Shanghai')",
    ]);
    expect(params.values).toEqual(['2026-11-26T00:00:00.000-05:00', '2026-11-26 23:59:59']);
    for (const bad of ['2026-11-26T00:00:00+24:00', '2026-11-26Z', '2026-11-26T25:00:00Z'])
      expect(
        errorOf(() => where({ createTime_begin: bad })),
        bad,
      ).toBe('system.list.bad_filter');
  });

  it('binds numbers as numeric, and refuses magnitudes no column holds', () => {
    const params = new SqlParams();
    const [condition] = whereOf(resource, listQuerySchema.parse({ count: '> 1.5' }), params);
    expect(condition).toBe('t.count > ($1::numeric)');
    expect(errorOf(() => where({ count: '1e300' }))).toBe('system.list.bad_filter');
    expect(errorOf(() => where({ count: '1,1e300' }))).toBe('system.list.bad_filter');
  });

  it('looks up client keys as own properties only', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(where({ [`${key}_begin`]: '1', [key]: 'x' })).toEqual([]);
      const superQueryParams = JSON.stringify([{ field: key, rule: 'eq', val: 'x' }]);
      expect(
        errorOf(() => where({ superQueryParams })),
        key,
      ).toBe('system.list.bad_super_query');
      const rule = JSON.stringify([{ field: 'name', rule: key, val: 'x' }]);
      expect(
        errorOf(() => where({ superQueryParams: rule })),
        key,
      ).toBe('system.list.bad_super_query');
      expect(
        errorOf(() => orderOf(resource, listQuerySchema.parse({ column: key }))),
        key,
      ).toBe('system.list.bad_column');
      expect(sortOrder(key, 'asc', { name: 't.name' }, 'fallback')).toBe('fallback');
    }
    expect(orderOf(resource, listQuerySchema.parse({ column: 'name', order: 'asc' }))).toBe(
      'order by t.name asc nulls last',
    );
  });
});

describe('paging', () => {
  it('refuses page numbers whose offset would overflow, in both list schemas', () => {
    for (const schema of [listQuerySchema, pageQuerySchema]) {
      expect(schema.safeParse({ pageNo: '7850696979470568' }).success).toBe(false);
      expect(schema.safeParse({ pageNo: '1e309' }).success).toBe(false);
      expect(schema.safeParse({ pageSize: '99999999999' }).success).toBe(false);
    }
    const { pageNo, pageSize } = pageQuerySchema.parse({ pageNo: '10000000', pageSize: '1000' });
    expect(pageOf({ pageNo, pageSize })).toBe('limit 1000 offset 9999999000');
  });
});

describe('recordList', () => {
  it('puts id first and createTime last, newest first, ties by id, deleted rows left out when asked', () => {
    const list = recordList('sys_thing t', {
      ruleMenu: '/system/thing',
      softDelete: true,
      createdTitle: ['创建时间', 'Created'],
      columns: { name: { column: 't.name', filter: 'text', sortable: true } },
    });
    expect(list).toEqual({
      from: 'sys_thing t',
      ruleMenu: '/system/thing',
      baseWhere: ['t.del_flag = 0'],
      defaultSort: { field: 'createTime', order: 'desc' },
      tiebreak: 't.id',
      columns: {
        id: { column: 't.id' },
        name: { column: 't.name', filter: 'text', sortable: true },
        createTime: timeColumn('t.create_time', ['创建时间', 'Created']),
      },
    });
    expect(Object.keys(list.columns)).toEqual(['id', 'name', 'createTime']);
    const plain = recordList('sys_other o', { columns: {}, tiebreak: 'o.id desc' });
    expect(plain).toEqual({
      from: 'sys_other o',
      defaultSort: { field: 'createTime', order: 'desc' },
      tiebreak: 'o.id desc',
      columns: { id: { column: 'o.id' }, createTime: timeColumn('o.create_time') },
    });
    expect('ruleMenu' in plain || 'baseWhere' in plain).toBe(false);
  });
});
