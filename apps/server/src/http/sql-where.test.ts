import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { sortedPage, Where } from './sql-where';

describe('Where.equal', () => {
  it('adds one condition per set field, the column in snake case, numbered after the others', () => {
    const w = new Where().add('a.kind = ?', 'lamp');
    w.equal('a', { projectId: 'p1', sourceKind: '', gatewayId: undefined, cmd: 'on' }, [
      'projectId',
      'sourceKind',
      'gatewayId',
      'cmd',
    ]);
    expect(w.sql).toBe('where a.kind = $1 and a.project_id = $2 and a.cmd = $3');
    expect(w.params).toEqual(['lamp', 'p1', 'on']);
  });
});

describe('Where.contains', () => {
  it('adds an escaped ilike pattern per field set to a text, named as by equal', () => {
    const filter = { sn: '50%_x', name: '', serialNo: undefined, poleCode: 'A' };
    const w = new Where()
      .scope(['p1'], 'g.project_id')
      .contains('g', filter, ['sn', 'name', 'serialNo', 'poleCode']);
    expect(w.sql).toBe('where g.project_id = any($1::text[]) and g.sn ilike $2 and g.pole_code ilike $3');
    expect(w.params).toEqual([['p1'], '%50\\%\\_x%', '%A%']);
  });
});

describe('sortedPage', () => {
  it('sorts by a whitelisted column or the fallback, ties by the tiebreak, and maps the rows', async () => {
    const queries: string[] = [];
    const db = {
      query: async (sql: string) => {
        queries.push(sql);
        return sql.startsWith('select count') ? [{ n: 3 }] : [{ id: 'a' }, { id: 'b' }];
      },
    } as unknown as Queryable;
    const sql = {
      rows: 'select t.* from t',
      countFrom: 'from t',
      sortable: { name: 't.name' },
      fallback: 't.code asc',
      tiebreak: 't.id',
    };
    const w = new Where().add('t.kind = ?', 'lamp');
    const page = await sortedPage(
      db,
      w,
      { pageNo: 2, pageSize: 2, column: 'name', order: 'asc' },
      (r: { id: string }) => r.id,
      sql,
    );
    expect(page).toEqual({ rows: ['a', 'b'], total: 3 });
    expect(queries).toEqual([
      'select t.* from t where t.kind = $1 order by t.name asc, t.id limit 2 offset 2',
      'select count(*)::int as n from t where t.kind = $1',
    ]);
    await sortedPage(db, w, { pageNo: 1, pageSize: 10, column: 'secret' }, (r) => r, sql);
    expect(queries[2]).toBe(
      'select t.* from t where t.kind = $1 order by t.code asc, t.id limit 10 offset 0',
    );
  });
});
