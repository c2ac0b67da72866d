import { describe, expect, it } from 'vitest';
import { formatDate, thousands, truncate } from './format';

describe('format', () => {
  it('truncates after 25 characters by default', () => {
    expect(truncate('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncate('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(truncate('智慧路灯综合管理平台', 4)).toBe('智慧路灯...');
    expect(truncate(null)).toBe('');
  });

  it('groups thousands', () => {
    expect(thousands(1234567)).toBe('1,234,567');
    expect(thousands('-9876543.21')).toBe('-9,876,543.21');
    expect(thousands(999)).toBe('999');
    expect(thousands(undefined)).toBe('0');
    expect(thousands('n/a')).toBe('n/a');
  });

  it('formats dates as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(formatDate('2024-05-06 07:08:09')).toBe('2024-05-06 07:08:09');
    expect(formatDate('2024-05-06', 'YYYY/MM/DD')).toBe('2024/05/06');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
