import type { MenuNode } from '@ics/contract';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MenuRouteHandle } from '../shared/lib/routing/route-handle';
import { buildMenuRoutes, normaliseComponentName, type ViewRegistry } from './build-routes';
import { urlConfigValues } from './meta-url';

const View = () => null;
const load = async () => ({ default: View });
const registry: ViewRegistry = {
  views: { 'dashboard/Analysis': load, 'system/UserList': load, 'system/RoleList': load },
  layouts: { 'layouts/RouteView': load, 'layouts/IframePageView': load },
};
const values = urlConfigValues({ apiBase: 'https://x.example/ics' });

function node(partial: Partial<MenuNode> & Pick<MenuNode, 'id' | 'path' | 'component'>): MenuNode {
  return {
    name: partial.id,
    route: '1',
    meta: { title: partial.id, keepAlive: false, internalOrExternal: false },
    ...partial,
  };
}

const paths = (routes: RouteObject[] | undefined): unknown[] =>
  (routes ?? []).map((r) => (r.children ? { [r.path ?? 'index']: paths(r.children) } : (r.path ?? 'index')));

describe('buildMenuRoutes', () => {
  it('maps views and layouts through the registry and nests children', async () => {
    const menu = [
      node({ id: 'home', path: '/dashboard/analysis', component: 'dashboard/Analysis' }),
      node({
        id: 'system',
        path: '/system',
        component: 'layouts/RouteView',
        redirect: '/system/user',
        children: [
          node({ id: 'user', path: '/system/user', component: 'system/UserList' }),
          node({ id: 'role', path: '/system/role', component: '/views/system/RoleList.vue' }),
        ],
      }),
    ];
    const { routes, missing } = buildMenuRoutes(menu, registry, values);
    expect(missing).toEqual([]);
    expect(paths(routes)).toEqual([
      '/dashboard/analysis',
      { '/system': ['index', '/system/user', '/system/role'] },
    ]);
    const lazy = routes[0]?.lazy as () => Promise<{ Component: unknown }>;
    expect((await lazy()).Component).toBe(View);
    expect((routes[0]!.handle as MenuRouteHandle).menuId).toBe('home');
  });

  it('does not register entries whose route flag is "0" (nor their children)', () => {
    const menu = [
      node({ id: 'a', path: '/system/user', component: 'system/UserList', route: '0' }),
      node({
        id: 'b',
        path: '/system',
        component: 'layouts/RouteView',
        route: '0',
        children: [node({ id: 'c', path: '/system/role', component: 'system/RoleList' })],
      }),
    ];
    expect(buildMenuRoutes(menu, registry, values).routes).toEqual([]);
  });

  it('reports unknown components and registers no route for them', () => {
    const menu = [node({ id: 'x', path: '/led/screen', component: 'led/ScreenList' })];
    const built = buildMenuRoutes(menu, registry, values);
    expect(built.routes).toEqual([]);
    expect(built.missing).toEqual(['led/ScreenList']);
  });

  it('evaluates {{ }} config look-ups in meta.url and drops anything else', () => {
    const menu = [
      node({
        id: 'druid',
        path: '/monitor/druid',
        component: 'layouts/IframePageView',
        meta: {
          title: 'Druid',
          url: "{{ window._CONFIG['domianURL'] }}/druid/",
          keepAlive: false,
          internalOrExternal: false,
        },
      }),
      node({
        id: 'evil',
        path: '/monitor/evil',
        component: 'layouts/IframePageView',
        meta: { title: 'Evil', url: '{{ fetch("/x") }}', keepAlive: false, internalOrExternal: false },
      }),
    ];
    const { routes } = buildMenuRoutes(menu, registry, values);
    expect((routes[0]!.handle as MenuRouteHandle).url).toBe('https://x.example/ics/druid/');
    expect((routes[1]!.handle as MenuRouteHandle).url).toBeUndefined();
  });

  it('lifts children whose path is not below the parent and skips static paths', () => {
    const menu = [
      node({ id: 'home', path: '/dashboard/analysis', component: 'dashboard/Analysis' }),
      node({
        id: 'p',
        path: '/system',
        component: 'layouts/RouteView',
        alwaysShow: true,
        redirect: '/system',
        children: [node({ id: 'u', path: '/elsewhere/user', component: 'system/UserList' })],
      }),
    ];
    const { routes } = buildMenuRoutes(menu, registry, values, new Set(['/dashboard/analysis']));
    expect(paths(routes)).toEqual(['/system', '/elsewhere/user']);
  });
});

describe('normaliseComponentName', () => {
  it('strips leading slashes, views/ and file extensions', () => {
    expect(normaliseComponentName('/views/system/UserList.vue')).toBe('system/UserList');
    expect(normaliseComponentName('layouts/RouteView')).toBe('layouts/RouteView');
  });
});
