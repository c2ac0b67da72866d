import type { z } from 'zod';
import type { Mark } from './marks';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `public` (no token), `authenticated` (any signed-in user) or an
 * authorisation mark such as `system:user:add` that the user's roles must grant.
 */
export type RouteAccess = 'public' | 'authenticated' | { mark: string };

/**
 * One HTTP operation, described once and used by the server, the console client and OpenAPI.
 * `body`, `query` and `params` are the zod schemas of its input. A descriptor (what
 * `@ics/contract` exports, and what `<m>.routes.ts` defines) names their types only and
 * carries none at run time, so that loading it loads no zod; the server's routes
 * (`@ics/contract/server`, see `bindRoutes`) are the same descriptors with the schemas set.
 */
export type RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Result = unknown,
> = {
  method: HttpMethod;
  /** Path below the API base path, Fastify syntax for parameters (`/sys/randomImage/:key`). */
  path: string;
  /** Further methods that reach the same handler (upstream consoles send PUT where the spec says POST). */
  alsoMethods?: HttpMethod[];
  access: RouteAccess;
  summary: string;
  tag: string;
  /** Phantom on a descriptor: the schema type the server binds. */
  body?: Body;
  query?: Query;
  params?: Params;
  /** Phantom field carrying the result type for the typed client. */
  result?: Result;
};

export function defineRoute<
  Result,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(def: Omit<RouteDef<Body, Query, Params, Result>, 'result'>): RouteDef<Body, Query, Params, Result> {
  return def;
}

export type RouteResult<R> = R extends RouteDef<infer _B, infer _Q, infer _P, infer Res> ? Res : never;
export type RouteBody<R> =
  R extends RouteDef<infer B, infer _Q, infer _P, infer _Res>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteQuery<R> =
  R extends RouteDef<infer _B, infer Q, infer _P, infer _Res>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;

/** The access rule of a route that needs `value` (a mark of the catalogue). */
export const mark = (value: Mark): RouteAccess => ({ mark: value });
