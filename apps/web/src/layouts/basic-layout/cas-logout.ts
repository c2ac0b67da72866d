/**
 * Where logout ends (spec §4): with a central sign-on server, its logout address with this
 * console as the service to come back to; without one, the console's own login page.
 * `consoleUrl` is the console's address without its hash route.
 */
export function logoutTarget(casUrl: string | null | undefined, consoleUrl: string): string | null {
  const cas = casUrl?.trim().replace(/\/+$/, '');
  if (!cas) return null;
  return `${cas}/logout?service=${encodeURIComponent(consoleUrl)}`;
}

/** The console's address as a CAS service: origin, path and query, no hash route. */
export function consoleServiceUrl(location: Pick<Location, 'origin' | 'pathname' | 'search'>): string {
  return `${location.origin}${location.pathname}${location.search}`;
}
