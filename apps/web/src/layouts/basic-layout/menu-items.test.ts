import type { MenuNode } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import {
  entryTarget,
  findEntry,
  matchesTitle,
  parentKeys,
  searchableEntries,
  visibleMenu,
} from './menu-items';

const node = (id: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  path,
  name: id,
  component: 'x',
  route: '1',
  meta: { title: id, keepAlive: false, internalOrExternal: false },
  ...extra,
});

const menu: MenuNode[] = [
  node('home', '/dashboard/analysis', {
    meta: { title: 'Home', icon: 'home', keepAlive: false, internalOrExternal: false },
  }),
  node('system', '/system', {
    component: 'layouts/RouteView',
    children: [node('user', '/system/user'), node('secret', '/system/secret', { hidden: true })],
  }),
  node('ghost', '/ghost', { children: [node('hidden', '/ghost/a', { hidden: true })] }),
  node('help', '/help', {
    meta: { title: 'Help', url: 'https://help.example', keepAlive: false, internalOrExternal: true },
  }),
  node('frame', '/frame', {
    component: 'layouts/IframePageView',
    meta: { title: 'Frame', url: 'https://frame.example', keepAlive: false, internalOrExternal: false },
  }),
];

describe('visibleMenu', () => {
  it('skips hidden entries and groups with only hidden children', () => {
    const entries = visibleMenu(menu);
    expect(entries.map((e) => e.key)).toEqual(['/dashboard/analysis', '/system', '/help', '/frame']);
    expect(entries[1]?.children?.map((e) => e.key)).toEqual(['/system/user']);
    expect(entries[0]?.icon).toBe('home');
    expect(entries[2]?.external).toBe('https://help.example');
  });

  it('finds the parent chain of a route', () => {
    const entries = visibleMenu(menu);
    expect(parentKeys(entries, '/system/user')).toEqual(['/system']);
    expect(parentKeys(entries, '/dashboard/analysis')).toEqual([]);
    expect(findEntry(entries, '/system/user')?.title).toBe('user');
  });

  it('filters by the access rule', () => {
    const entries = visibleMenu(menu, (n) => n.id !== 'user');
    expect(entries.map((e) => e.key)).not.toContain('/system');
  });
});

describe('menu search', () => {
  it('offers visible pages, not group layouts, matched case-insensitively', () => {
    const found = searchableEntries(visibleMenu(menu));
    expect(found.map((e) => e.key)).toEqual(['/dashboard/analysis', '/system/user', '/help', '/frame']);
    expect(found.filter((e) => matchesTitle(e, 'HOM')).map((e) => e.key)).toEqual(['/dashboard/analysis']);
  });

  it('opens external and iframe entries in a new tab, navigates to others', () => {
    const entries = visibleMenu(menu);
    expect(entryTarget(findEntry(entries, '/help')!)).toEqual({ newTab: 'https://help.example' });
    expect(entryTarget(findEntry(entries, '/frame')!)).toEqual({ newTab: 'https://frame.example' });
    expect(entryTarget(findEntry(entries, '/system/user')!)).toEqual({ path: '/system/user' });
  });
});
