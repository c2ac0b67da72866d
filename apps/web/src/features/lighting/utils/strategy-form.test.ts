import { describe, expect, it } from 'vitest';
import { defaultActions, toAction, toBody, toRow } from './strategy-form';

describe('strategy form', () => {
  it('turns rows into clock and astronomical actions', () => {
    expect(defaultActions.map(toAction)).toEqual([
      { at: { type: 'sunset', offsetMinutes: 0 }, action: 'on', level: 100 },
      { at: { type: 'clock', time: '23:00' }, action: 'dim', level: 50 },
      { at: { type: 'sunrise', offsetMinutes: 0 }, action: 'off' },
    ]);
  });

  it('round-trips actions', () => {
    for (const row of defaultActions) expect(toAction(toRow(toAction(row)))).toEqual(toAction(row));
  });

  it('fills defaults in the body', () => {
    const body = toBody({
      projectId: 'p',
      name: 'Night',
      priority: 5,
      enabled: true,
      weekdays: [],
      actions: [{ timeType: 'sunset', offset: -15, action: 'on', level: 80 }],
      targets: [{ kind: 'project', id: 'p' }],
    });
    expect(body).toMatchObject({
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startDate: null,
      actions: [{ at: { type: 'sunset', offsetMinutes: -15 }, action: 'on', level: 80 }],
    });
  });
});
