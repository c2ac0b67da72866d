import type { RouteDef } from '@ics/contract';
import { getToken } from '../../lib/auth/session-store';
import { buildPath } from '../../lib/http/call';
import { runtimeConfig } from '../../lib/http/runtime-config';
import { currentLanguage } from '../../lib/i18n/i18n';
import { dispositionFilename } from './list-params';

/**
 * Fetches a file route (an `exportXls`) with the session headers and saves it under the name
 * the server gives. The HTTP client resolves to bodies only, so this reads the headers itself.
 * Resolves to the file name; rejects with the server's message.
 */
export async function downloadRoute(
  route: RouteDef,
  query: Record<string, string | number>,
  fallbackName: string,
): Promise<string> {
  const search = new URLSearchParams({ _t: String(Math.floor(Date.now() / 1000)) });
  for (const [k, v] of Object.entries(query)) search.set(k, String(v));
  // Times in the file are written in the browser's zone, as the console shows them.
  const headers: Record<string, string> = {
    'Accept-Language': currentLanguage(),
    'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  const response = await fetch(`${runtimeConfig.apiBase}${buildPath(route.path)}?${search}`, {
    method: route.method,
    headers,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || response.statusText);
  }
  const name = dispositionFilename(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
