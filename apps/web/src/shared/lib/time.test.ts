import { describe, expect, it } from 'vitest';
import { formatInstant, toInstant } from './time';

describe('console times', () => {
  it('reads the system lists’ wall times in the server’s zone and ISO times as they are', () => {
    expect(toInstant('2026-11-25 02:05:00').toISOString()).toBe('2026-11-24T18:05:00.000Z');
    expect(toInstant('2026-11-25 02:05:00', 'UTC').toISOString()).toBe('2026-11-25T02:05:00.000Z');
    expect(toInstant('2026-07-01 12:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(toInstant('2026-11-24T18:05:00.000Z').toISOString()).toBe('2026-11-24T18:05:00.000Z');
  });

  it('shows the same moment the same way, whatever the server sent', () => {
    const fromLoginLog = formatInstant('2026-11-25 02:05:00');
    const fromCommandLog = formatInstant('2026-11-24T18:05:00.000Z');
    expect(fromLoginLog).toBe(fromCommandLog);
    expect(fromLoginLog).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatInstant(null)).toBe('—');
    expect(formatInstant('not a time')).toBe('not a time');
  });
});
