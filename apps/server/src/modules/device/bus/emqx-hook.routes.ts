import { brokerHookRoutes } from '@ics/contract/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessGuard, addRoute } from '../../../http/routes';
import { AppError } from '../../../lib/errors';
import { type EmqxHooks, sameSecret } from './emqx-hooks';

/**
 * The external broker's own door: the broker, not a user, calls these routes, so they carry no
 * permission mark (`public` in the route table, like /health and /metrics) and prove the caller
 * with the shared secret EMQX sends as `Authorization: Bearer <EMQX_HOOK_SECRET>`. The secret is
 * checked before the body is read: without it nothing about the routes' input is told. Without
 * the setting the routes answer 404, as if absent.
 */
export function registerEmqxHookRoutes(
  app: FastifyInstance,
  options: { guard: AccessGuard; secret: string | undefined; hooks: EmqxHooks },
): void {
  const { guard, secret, hooks } = options;
  const checkSecret = async (request: FastifyRequest) => {
    if (!secret) throw new AppError(404, 'error.not_found');
    const header = request.headers.authorization ?? '';
    if (!header) throw new AppError(401, 'auth.token_missing');
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, secret)) throw new AppError(401, 'auth.token_invalid');
  };
  // Their own scope, so that the secret check applies to these two routes only.
  void app.register(async (scope) => {
    scope.addHook('onRequest', checkSecret);
    // EMQX reads the answer's body only with status 200, `result` at its top level: no envelope.
    addRoute(scope, guard, brokerHookRoutes.emqxAuthn, async ({ body, reply }) =>
      reply.send(await hooks.authenticate(body)),
    );
    addRoute(scope, guard, brokerHookRoutes.emqxAuthz, async ({ body, reply }) =>
      reply.send(await hooks.authorize(body)),
    );
  });
}
