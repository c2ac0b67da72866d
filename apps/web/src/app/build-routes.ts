import type { MenuNode } from '@ics/contract';
import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router-dom';
import type { MenuRouteHandle } from '../shared/lib/routing/route-handle';
import { evaluateMetaUrl, type UrlConfigValues } from './meta-url';

/** Loads one lazily split view or layout. */
export type ViewLoader = () => Promise<{ default: ComponentType }>;

/** Component name (as the menu names it, e.g. `system/UserList`) → lazy module. */
export type ViewRegistry = {
  views: Readonly<Record<string, ViewLoader>>;
  /** Names containing `layouts` (e.g. `layouts/RouteView`) load from here. */
  layouts: Readonly<Record<string, ViewLoader>>;
};

export type BuiltRoutes = {
  routes: RouteObject[];
  /** Component names the registry does not know (their entries become no routes). */
  missing: string[];
};

/** `/views/system/UserList.vue` → `system/UserList`. */
export function normaliseComponentName(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '');
}

export function resolveLoader(component: string, registry: ViewRegistry): ViewLoader | undefined {
  const name = normaliseComponentName(component);
  if (!name) return undefined;
  if (name.includes('layouts')) return registry.layouts[name];
  return registry.views[name];
}

const isUnder = (parent: string, child: string) => parent === '/' || child.startsWith(`${parent}/`);

/**
 * Routes from the server's menu tree (the upstream `generateChildRouters`): entries with
 * route flag "0" are not registered, components containing `layouts` load layouts, the
 * `{{ }}` expressions of meta.url are evaluated (config look-ups only), a redirect becomes
 * an index route. A child whose path is not below its parent's is lifted to the top level,
 * because nested absolute paths must extend their parent's. Paths in `skipPaths` (static
 * routes of the console) are not generated again.
 */
export function buildMenuRoutes(
  menu: readonly MenuNode[],
  registry: ViewRegistry,
  urlValues: UrlConfigValues,
  skipPaths: ReadonlySet<string> = new Set(),
): BuiltRoutes {
  const missing: string[] = [];
  const lifted: RouteObject[] = [];

  const build = (nodes: readonly MenuNode[] | undefined, parentPath: string | null): RouteObject[] => {
    const routes: RouteObject[] = [];
    for (const node of nodes ?? []) {
      if (node.route === '0') continue;
      const path = node.path?.trim();
      if (!path) continue;
      const children = build(node.children, path);
      const loader = resolveLoader(node.component ?? '', registry);
      if (!loader) {
        if (node.component) missing.push(node.component);
        // The children still get routes of their own (lifted, since nothing renders their outlet).
        lifted.push(...children.map((c) => ({ ...c })));
        continue;
      }
      if (skipPaths.has(path)) continue;
      const url = evaluateMetaUrl(node.meta?.url, urlValues);
      const handle: MenuRouteHandle = {
        kind: 'menu',
        menuId: node.id,
        title: node.meta?.title ?? node.name,
        keepAlive: node.meta?.keepAlive ?? false,
        internalOrExternal: node.meta?.internalOrExternal ?? false,
        ...(url ? { url } : {}),
        ...(node.meta?.componentName ? { componentName: node.meta.componentName } : {}),
        ...(node.meta?.permissionList ? { permissionList: node.meta.permissionList } : {}),
      };
      const own: RouteObject[] = [];
      const target = node.alwaysShow ? undefined : node.redirect?.trim();
      if (target && target !== path) own.push({ index: true, loader: () => redirect(target) });
      for (const child of children) {
        if (child.index || (child.path && isUnder(path, child.path))) own.push(child);
        else lifted.push(child);
      }
      const route: RouteObject = {
        path,
        handle,
        lazy: async () => ({ Component: (await loader()).default }),
        ...(own.length ? { children: own } : {}),
      };
      if (parentPath === null || isUnder(parentPath, path)) routes.push(route);
      else lifted.push(route);
    }
    return routes;
  };

  const routes = build(menu, null);
  return { routes: [...routes, ...lifted], missing };
}
