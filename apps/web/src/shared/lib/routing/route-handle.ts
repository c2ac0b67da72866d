import type { AuthEntry } from '@ics/contract';

/** What a route generated from the menu carries for menus, tabs, breadcrumbs and the title. */
export type MenuRouteHandle = {
  kind: 'menu';
  menuId: string;
  title: string;
  /** meta.url after `{{ }}` evaluation (iframe pages, external links). */
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  permissionList?: AuthEntry[];
};

/** A static route's title: an i18n key in a namespace (the namespace loads with the route). */
export type StaticRouteHandle = { kind: 'static'; ns: string; titleKey: string; home?: boolean };

export type RouteHandle = StaticRouteHandle | MenuRouteHandle;

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'kind' in value;
}
