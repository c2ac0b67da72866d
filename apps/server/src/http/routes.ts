import type { Language, RouteAccess, RouteDef, RouteSchemas } from '@ics/contract/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors';
import { type MessageKey, translate } from '../lib/messages';
import { acceptsGzip } from './content-encoding';
import { envelope } from './envelope';
import { RawJson } from './raw-json';
import { requestLanguage, requestToken } from './request-context';

/** Who is calling, resolved from the session token. */
export type Caller = {
  userId: string;
  username: string;
  orgCode: string | null;
  tokenHash: string;
};

/** How routes learn who calls and whether a mark is granted; implemented by the session module. */
export type AccessGuard = {
  resolveCaller(token: string | undefined): Promise<Caller | null>;
  hasMark(caller: Caller, mark: string): Promise<boolean>;
};

type Infer<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

export type HandlerContext<D extends RouteDef> = {
  body: Infer<D['body']>;
  query: Infer<D['query']>;
  params: Infer<D['params']>;
  /** Present on every non-public route; on public routes only when a valid token came along. */
  caller: Caller | null;
  token: string | undefined;
  lang: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
};

const REPLY = Symbol('reply');
type CustomReply<T> = {
  [REPLY]: true;
  result: T;
  message: MessageKey;
  vars?: Record<string, string | number>;
};

/** Answers with a specific success message instead of the generic one. */
export function withMessage<T>(
  result: T,
  message: MessageKey,
  vars?: Record<string, string | number>,
): CustomReply<T> {
  return { [REPLY]: true, result, message, vars };
}

/**
 * For routes whose mark depends on the input (which table a dictionary or a duplicate check
 * reads, an upload that serves two forms): refuses with the same 403 as `addRoute` unless the
 * caller holds at least one of `marks`.
 */
export async function requireAnyMark(
  guard: AccessGuard,
  caller: Caller,
  marks: readonly string[],
): Promise<void> {
  for (const mark of marks) if (await guard.hasMark(caller, mark)) return;
  throw new AppError(403, 'auth.forbidden', {}, { mark: marks.join('|') });
}

export { RawJson } from './raw-json';

type ResultOf<D> = D extends RouteDef<infer _B, infer _Q, infer _P, infer R> ? R : never;
/** A handler that answered through `reply` itself (status, headers, encoded body) returns `reply`. */
export type Handler<D extends RouteDef> = (
  ctx: HandlerContext<D>,
) =>
  | FastifyReply
  | Promise<FastifyReply>
  | RawJson
  | Promise<RawJson>
  | Promise<ResultOf<D> | CustomReply<ResultOf<D>>>
  | ResultOf<D>
  | CustomReply<ResultOf<D>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The access rule of a route registered with `addRoute` (absent on any other route). */
    icsAccess?: RouteAccess;
    /** The contract definition of a route registered with `addRoute` (the operation log names it). */
    icsRoute?: RouteDef;
  }
}

/** Every contract route definition registered so far (each once), for documentation. */
export const registeredRoutes: RouteDef[] = [];

/** A route as Fastify registered it, with the access rule when it came from `addRoute`. */
export type RouteRecord = { methods: string[]; url: string; access: RouteAccess | undefined };

const routeRegistries = new WeakMap<FastifyInstance, RouteRecord[]>();

/**
 * Starts recording every route registered on `app` (and its child contexts) from now on, so
 * a test can prove that no route escaped `addRoute` and its access rule. Call it before any
 * route is registered.
 */
export function recordRoutes(app: FastifyInstance): void {
  if (routeRegistries.has(app)) return;
  const records: RouteRecord[] = [];
  routeRegistries.set(app, records);
  app.addHook('onRoute', (route) => {
    records.push({
      methods: ([] as string[]).concat(route.method),
      url: route.url,
      access: route.config?.icsAccess,
    });
  });
}

/** The routes recorded on `app` by `recordRoutes`. */
export function routesOf(app: FastifyInstance): RouteRecord[] {
  return routeRegistries.get(app) ?? [];
}

const callers = new WeakMap<FastifyRequest, { caller: Caller | null; token: string | undefined }>();

/** Who made a request to a contract route, once its access check has run (the access log names them). */
export const callerOf = (request: FastifyRequest): Caller | null => callers.get(request)?.caller ?? null;

/**
 * Registers a contract route: access checked against its rule first (before the body is even
 * parsed, so an anonymous caller learns nothing about a protected route's input), then input
 * validated by its schemas, and the handler's result wrapped in the envelope.
 */
export function addRoute<D extends RouteDef>(
  app: FastifyInstance,
  guard: AccessGuard,
  /** A route of `@ics/contract/server`: its descriptor with its schemas set (a bare descriptor would validate nothing). */
  def: D & RouteSchemas<D>,
  handler: Handler<D>,
) {
  if (!registeredRoutes.includes(def)) registeredRoutes.push(def);
  const schema: Record<string, unknown> = { summary: def.summary, tags: [def.tag] };
  if (def.body) schema.body = def.body;
  if (def.query) schema.querystring = def.query;
  if (def.params) schema.params = def.params;
  if (def.access !== 'public') schema.security = [{ token: [] }];
  const access = def.access;
  const methods = [def.method, ...(def.alsoMethods ?? [])];
  // Fastify takes no body schema on GET: a route that also accepts GET gets it without one.
  if (def.body && methods.includes('GET') && methods.length > 1) {
    const { body: _ignored, ...getSchema } = schema;
    register(['GET'], getSchema);
    register(
      methods.filter((m) => m !== 'GET'),
      schema,
    );
  } else {
    register(methods, schema);
  }

  function register(method: string[], routeSchema: Record<string, unknown>) {
    app.route({
      method,
      url: def.path,
      schema: routeSchema,
      config: { icsAccess: access, icsRoute: def },
      onRequest: async (request) => {
        const token = requestToken(request);
        const caller = await guard.resolveCaller(token);
        if (access !== 'public') {
          if (!caller) throw new AppError(401, token ? 'auth.token_invalid' : 'auth.token_missing');
          if (typeof access === 'object' && !(await guard.hasMark(caller, access.mark))) {
            throw new AppError(403, 'auth.forbidden', {}, { mark: access.mark });
          }
        }
        callers.set(request, { caller, token });
      },
      handler: async (request, reply) => {
        const { caller, token } = callers.get(request) ?? { caller: null, token: undefined };
        const lang = requestLanguage(request);
        const out = await handler({
          body: request.body as never,
          query: request.query as never,
          params: request.params as never,
          caller,
          token,
          lang,
          ip: request.ip,
          request,
          reply,
        });
        if (reply.sent || out === reply) return reply;
        if (out instanceof RawJson) {
          reply.type('application/json; charset=utf-8');
          if (!out.worthCompressing) return reply.send(out.envelope(translate(lang, 'ok')));
          reply.header('vary', 'Accept-Encoding');
          if (!acceptsGzip(request.headers['accept-encoding'])) {
            return reply.send(out.envelope(translate(lang, 'ok')));
          }
          return reply.header('content-encoding', 'gzip').send(out.gzipEnvelope(translate(lang, 'ok')));
        }
        if (out && typeof out === 'object' && REPLY in out) {
          return envelope(out.result, translate(lang, out.message, out.vars));
        }
        return envelope(out, translate(lang, 'ok'));
      },
    });
  }
}

/** A module's service, and the registration of its routes (which serve that service). */
export function serviceModule<S>(
  service: S,
  register: (api: FastifyInstance, guard: AccessGuard, service: S) => void,
): { service: S; registerRoutes: (api: FastifyInstance, guard: AccessGuard) => void } {
  return { service, registerRoutes: (api, guard) => register(api, guard, service) };
}
