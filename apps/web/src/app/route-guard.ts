import type { PermissionResult } from '@ics/contract';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router-dom';
import { DEFAULT_HOME, LOGIN_PATH, loginPathFor, safeRedirect } from '../shared/utils/safe-redirect';

/** Pages open without a token (the upstream white list). */
export const OPEN_PATHS: ReadonlySet<string> = new Set([
  LOGIN_PATH,
  '/user/register',
  '/user/register-result',
  '/user/alteration',
]);

export type GuardDeps = {
  getToken(): string | null;
  /** Whether the permission list of this page load is already in place. */
  hasPermissions(): boolean;
  loadPermissions(): Promise<PermissionResult>;
  /** Keeps the permissions and registers the routes generated from their menu. */
  install(permissions: PermissionResult): void;
  logout(): Promise<void>;
};

/**
 * The loader of the root route, run on every navigation (spec §4 and upstream `permission.js`):
 * without a token only the open pages render, everything else goes to the login page with a
 * `redirect` naming it; with a token the login page forwards to the home page, and the first
 * navigation loads the permissions, generates the routes and re-runs itself so that the new
 * routes match. A failure logs out and returns to the login page.
 */
export function createRouteGuard(deps: GuardDeps) {
  let loading: Promise<void> | null = null;

  return async function guard({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const requested = `${url.pathname}${url.search}`;
    if (!deps.getToken()) {
      if (OPEN_PATHS.has(url.pathname)) return null;
      throw redirect(loginPathFor(requested));
    }
    if (url.pathname === LOGIN_PATH)
      throw redirect(safeRedirect(url.searchParams.get('redirect'), DEFAULT_HOME));
    if (deps.hasPermissions()) return null;
    try {
      loading ??= deps
        .loadPermissions()
        .then(deps.install)
        .finally(() => {
          loading = null;
        });
      await loading;
    } catch {
      await deps.logout();
      throw redirect(loginPathFor(requested));
    }
    // Match again now that the generated routes exist (the upstream `next({ ...to, replace: true })`).
    throw replace(requested);
  };
}
