import { describe, expect, it } from 'vitest';
import { Where } from './sql-where';

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
