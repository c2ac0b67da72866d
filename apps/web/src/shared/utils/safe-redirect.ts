/** Where the console lands after login (spec §9). */
export const DEFAULT_HOME = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

/**
 * A `redirect` query value that is safe to navigate to: an in-app path (starts with one
 * slash, not a protocol-relative `//host`), never the login page itself.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = DEFAULT_HOME): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return value;
}

/** `/user/login?redirect=<path>`. */
export function loginPathFor(requested: string): string {
  if (!requested || requested === '/' || requested.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(requested)}`;
}
