import type { MenuNode } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { findEntry, parentKeys, visibleMenu } from './menu-items';

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
    children: [node('user', '/system/user'), node('secret', '/system/secret', { hidden: true })],
  }),
  node('ghost', '/ghost', { children: [node('hidden', '/ghost/a', { hidden: true })] }),
  node('help', '/help', {
    meta: { title: 'Help', url: 'https://help.example', keepAlive: false, internalOrExternal: true },
  }),
];

describe('visibleMenu', () => {
  it('skips hidden entries and groups with only hidden children', () => {
    const entries = visibleMenu(menu);
    expect(entries.map((e) => e.key)).toEqual(['/dashboard/analysis', '/system', '/help']);
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
});
