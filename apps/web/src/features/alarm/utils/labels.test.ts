import { describe, expect, it } from 'vitest';
import { formatTime } from './labels';

describe('formatTime', () => {
  it('shows a time in the browser’s zone to the second, and nothing for none', () => {
    const d = new Date(2026, 10, 25, 8, 5, 9);
    expect(formatTime(d.toISOString())).toBe('2026-11-25 08:05:09');
    expect(formatTime(null)).toBe('');
  });
});
