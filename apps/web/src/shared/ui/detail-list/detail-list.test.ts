import { describe, expect, it } from 'vitest';
import { detailColumns } from './detail-list';

describe('detail list columns', () => {
  it('caps the columns at 4 and defaults to 3', () => {
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(4)).toBe(4);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(0)).toBe(3);
    expect(detailColumns(undefined)).toBe(3);
  });
});
