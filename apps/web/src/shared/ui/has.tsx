import type { AuthEntry, MenuNode } from '@ics/contract';
import type { ReactNode } from 'react';
import { hasPermission } from '../lib/auth/has-permission';
import { useSession } from '../lib/auth/session-store';

/** Whether the signed-in user holds a button mark (the spec's `has` rule). */
export function useHas(): (action: string, formPermissions?: readonly AuthEntry[]) => boolean {
  const permissions = useSession((s) => s.permissions);
  return (action, formPermissions) =>
    permissions !== null &&
    hasPermission(action, { auth: permissions.auth, allAuth: permissions.allAuth }, formPermissions);
}

/**
 * Renders its children only when the user holds `action`. Hiding is a convenience: the
 * server checks the same mark on every call.
 */
export function Has({ action, children }: { action: string; children: ReactNode }) {
  const has = useHas();
  return has(action) ? children : null;
}

/** Whether `path` is in a menu tree. */
function menuHasPath(nodes: readonly MenuNode[] | undefined, path: string): boolean {
  return (nodes ?? []).some((n) => n.path === path || menuHasPath(n.children, path));
}

/**
 * Whether the signed-in user may open the page at `path`: a page's view mark sits on its menu
 * entry, not among the button marks, so the menu the server sent is what tells.
 */
export function useHasPage(path: string): boolean {
  const menu = useSession((s) => s.permissions?.menu);
  return menuHasPath(menu, path);
}
