import { describe, expect, it } from 'vitest';
import * as descriptors from './index';
import type { RouteDef } from './route';
import * as server from './server';

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** `group.key METHOD[,ALSO] path access tag [body] [query] [params]`, one line per route, sorted. */
function routeTable(entry: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [group, routes] of Object.entries(entry)) {
    if (!group.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
    for (const [key, route] of Object.entries(routes)) {
      if (!isRoute(route)) continue;
      const methods = [route.method, ...(route.alsoMethods ?? [])].join(',');
      const access = typeof route.access === 'object' ? `mark:${route.access.mark}` : route.access;
      const slots = (['body', 'query', 'params'] as const).filter((slot) => route[slot]);
      lines.push([`${group}.${key}`, methods, route.path, access, route.tag, ...slots].join(' '));
    }
  }
  return `${lines.sort().join('\n')}\n`;
}

const withoutSlots = (table: string) => table.replace(/( (body|query|params))+$/gm, '');

describe('route table', () => {
  it('keeps every route’s name, methods, path, access, tag and schema slots', async () => {
    await expect(routeTable(server)).toMatchFileSnapshot('./route-table.txt');
  });

  it('describes the same routes to the console, without their schemas', () => {
    const table = routeTable(descriptors);
    expect(table).toBe(withoutSlots(routeTable(server)));
    expect(table).not.toMatch(/ (body|query|params)$/m);
  });
});
