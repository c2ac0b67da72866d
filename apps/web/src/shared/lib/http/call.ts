import type { Envelope, RouteBody, RouteDef, RouteQuery, RouteResult } from '@ics/contract';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { ApiError } from './api-error';

/** Path parameters of a route (`:key` in the path); values are strings or numbers. */
export type RouteParams<R> =
  R extends RouteDef<infer _B, infer _Q, infer P, infer _Res>
    ? P extends undefined
      ? undefined
      : Record<string, string | number>
    : never;

export type CallInput<R extends RouteDef> = {
  body?: RouteBody<R>;
  query?: RouteQuery<R>;
  params?: RouteParams<R>;
};

/** Substitutes `:name` segments of a route path; a missing value is a programming error. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export type Caller = <R extends RouteDef>(
  route: R,
  input?: CallInput<R>,
  config?: AxiosRequestConfig,
) => Promise<Envelope<RouteResult<R>>>;

/** A typed caller over a client whose responses are already unwrapped to the envelope. */
export function createCaller(client: AxiosInstance): Caller {
  return async (route, input = {}, config = {}) => {
    const request: AxiosRequestConfig = {
      ...config,
      method: route.method,
      url: buildPath(route.path, input.params as Record<string, string | number> | undefined),
      data: input.body as unknown,
      params: input.query as Record<string, unknown> | undefined,
    };
    const response: unknown = await client.request(request);
    return response as Envelope<RouteResult<typeof route>>;
  };
}

/** The result of a successful envelope; an envelope with `success: false` becomes an ApiError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.success) throw new ApiError(envelope.code, envelope.message, envelope);
  return envelope.result;
}
