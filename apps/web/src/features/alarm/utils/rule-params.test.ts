import { describe, expect, it } from 'vitest';
import { paramEntries, toParams } from './rule-params';

describe('rule parameters', () => {
  it('lists a rule’s parameters in the form’s order, unknown ones last', () => {
    expect(
      paramEntries({
        type: 'threshold',
        params: { value: 35, metric: 'temperature', extra: 1, hysteresis: null },
      }),
    ).toEqual([
      ['metric', 'temperature'],
      ['value', '35'],
      ['extra', '1'],
    ]);
  });

  it('sends only the fields of the type, numbers as numbers and empty ones left out', () => {
    expect(
      toParams('threshold', {
        metric: 'pm25',
        comparison: 'gt',
        value: '75',
        durationSeconds: '',
        graceSeconds: 5,
      }),
    ).toEqual({
      metric: 'pm25',
      comparison: 'gt',
      value: 75,
    });
    expect(toParams('fault', { value: 1 })).toEqual({});
  });
});
