import type { AuthEntry } from '@ics/contract';
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
