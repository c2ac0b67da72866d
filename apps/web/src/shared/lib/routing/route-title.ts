import type { MenuNode } from '@ics/contract';
import type { i18n as I18n } from 'i18next';
import type { RouteHandle } from './route-handle';

function findTitle(nodes: readonly MenuNode[] | undefined, id: string): string | undefined {
  for (const node of nodes ?? []) {
    if (node.id === id) return node.meta?.title;
    const found = findTitle(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The title of a route in the current language (menu titles follow the reloaded menu). */
export function routeTitle(
  handle: RouteHandle | undefined,
  menu: readonly MenuNode[] | undefined,
  i18n: I18n,
  fallback: string,
): string {
  if (!handle) return fallback;
  if (handle.kind === 'static')
    return (i18n.t as (key: string, options: object) => string)(handle.titleKey, { ns: handle.ns });
  return findTitle(menu, handle.menuId) ?? handle.title;
}
