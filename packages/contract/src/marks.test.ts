import { describe, expect, it } from 'vitest';
import * as contract from './index';
import { allMarks, marks } from './marks';
import type { RouteDef } from './route';

describe('marks', () => {
  it('lists each mark once, as <module>:<resource>:<action>', () => {
    expect(new Set(allMarks).size).toBe(allMarks.length);
    for (const mark of allMarks) expect(mark).toMatch(/^[a-z0-9]+:[a-zA-Z0-9]+:[a-zA-Z0-9]+$/);
    expect(marks.system.user.add).toBe('system:user:add');
    expect(allMarks).toContain('test:device:command');
  });

  it('holds every mark a route requires', () => {
    const required = Object.entries(contract)
      .filter(([name]) => name.endsWith('Routes'))
      .flatMap(([, group]) => Object.values(group as Record<string, RouteDef>))
      .flatMap((route) => (typeof route.access === 'object' ? [route.access.mark] : []));
    expect(required.length).toBeGreaterThan(100);
    expect(required.filter((mark) => !(allMarks as readonly string[]).includes(mark))).toEqual([]);
  });
});
