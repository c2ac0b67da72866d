import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../http/routes';

export type AccessLogOptions = {
  /** The level of a successful request's line; `off` keeps only failed requests. */
  level: 'off' | 'debug' | 'info';
  /** The fraction of successful requests logged (failed ones always are). */
  sample: number;
};

/**
 * The request id of an answer: the caller's `X-Request-Id` when it sent a sane one (a proxy
 * that already numbers requests), else a new one; echoed in the answer so that a user can
 * quote it and an operator can find the request's lines.
 */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The route pattern a request matched (`/ics/sys/user/list`), never its query string. */
export const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/**
 * One line per request: method, route, status, time taken, user id and request id. Failed
 * requests are always logged (4xx at warn, 5xx at error); successful ones at the configured
 * level and sample rate.
 */
export function registerAccessLog(app: FastifyInstance, options: AccessLogOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const failed = status >= 400;
    if (!failed && (options.level === 'off' || Math.random() >= options.sample)) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: callerOf(request)?.userId,
    };
    // A 5xx also has the error handler's line, with its cause.
    if (failed) request.log[status >= 500 ? 'error' : 'warn'](line, 'request failed');
    else request.log[options.level as 'debug' | 'info'](line, 'request');
  });
}
