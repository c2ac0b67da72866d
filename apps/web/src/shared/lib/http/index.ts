import type { RouteDef, RouteQuery, RouteResult } from '@ics/contract';
import { clearSession, getToken } from '../auth/session-store';
import { getFeedback } from '../feedback';
import { currentLanguage, i18n } from '../i18n/i18n';
import { createCaller, unwrap } from './call';
import { createHttpClient } from './client';
import { runtimeConfig } from './runtime-config';

export { ApiError, errorMessage, isApiError } from './api-error';
export { buildPath, type CallInput, unwrap } from './call';
export type { ExpiredDialog, HttpFeedback, Notice } from './client';

/** The console's HTTP client (axios instance whose calls resolve to envelopes). */
export const http = createHttpClient({
  baseURL: runtimeConfig.apiBase,
  getToken,
  getLanguage: currentLanguage,
  t: (key) => i18n.t(key, { ns: 'http' }),
  feedback: getFeedback,
  clearSession,
  reload: () => window.location.reload(),
});

/** Typed call of a contract route: `call(sessionRoutes.login, { body })`. */
export const call = createCaller(http);

/** A fetcher of a route's result, from its query or from one argument `toQuery` makes into it. */
export function queryFetcher<R extends RouteDef>(route: R): (query: RouteQuery<R>) => Promise<RouteResult<R>>;
export function queryFetcher<R extends RouteDef, A>(
  route: R,
  toQuery: (arg: A) => RouteQuery<R>,
): (arg: A) => Promise<RouteResult<R>>;
export function queryFetcher(
  route: RouteDef,
  toQuery?: (arg: never) => unknown,
): (arg: never) => Promise<unknown> {
  return async (arg: unknown) =>
    unwrap(await call(route, { query: (toQuery ? toQuery(arg as never) : arg) as never }));
}

/** Statuses the forms of the login pages show inline instead of as a global notice. */
export const FORM_STATUSES = [400, 401, 403, 429] as const;
