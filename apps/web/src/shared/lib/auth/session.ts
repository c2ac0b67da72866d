import { type Language, type PermissionResult, sessionRoutes } from '@ics/contract';
import { call, unwrap } from '../http';
import { clearSession } from './session-store';

/** The first error of an empty menu (spec §8); the guard then logs out. */
export const EMPTY_MENU_ERROR = 'permissions must be a non-null array';

/** Menu tree and authorisations of the signed-in user, titles in `lang`. */
export async function fetchPermissions(lang: Language): Promise<PermissionResult> {
  const result = unwrap(await call(sessionRoutes.permissions, { query: { lang } }));
  if (!result || !Array.isArray(result.menu) || result.menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
  return result;
}

/**
 * Ends the session: revokes the token on the server (best effort, failures are not shown)
 * and forgets everything local.
 */
export async function logout(): Promise<void> {
  try {
    await call(sessionRoutes.logout, {}, { silentStatuses: [0, 400, 401, 403, 404, 500, 502, 503, 504] });
  } catch {
    // the token may already be gone on the server; the local session is cleared regardless
  } finally {
    clearSession();
  }
}
