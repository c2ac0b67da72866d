import { formMessage } from '@ics/contract/server';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, Declined } from '../lib/errors';
import { translate } from '../lib/messages';
import { errorEnvelope } from './envelope';
import { requestLanguage } from './request-context';
import { recordRoutes } from './routes';

/**
 * Turns every failure into the envelope with a matching status; internals never leave the
 * server. Runs before any route is registered, so it also starts the route record that the
 * access-rule test reads (`routesOf`).
 */
export function installErrorHandling(app: FastifyInstance): void {
  recordRoutes(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      return reply
        .status(error instanceof Declined ? error.httpStatus : error.status)
        .send(errorEnvelope(error.status, translate(lang, error.key, error.vars), error.key, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field =
        first.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
      // A form message key (shared with the console) is answered with its text alone.
      const message =
        formMessage(lang, first.message ?? '') ??
        `${translate(lang, 'error.validation', { field })} (${first.message})`;
      return reply.status(400).send(
        errorEnvelope(400, message, 'error.validation', {
          field,
          issues: error.validation.map((v) => ({ field: v.instancePath.slice(1), message: v.message })),
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const key = status === 413 ? 'error.payload_too_large' : 'error.validation';
      const message =
        status === 413
          ? translate(lang, key)
          : `${translate(lang, 'error.validation', { field: error.code?.startsWith('FST_ERR_CTP') ? 'body' : 'request' })} (${error.message})`;
      return reply.status(status).send(errorEnvelope(status, message, key));
    }
    request.log.error(
      { err: error, method: request.method, route: request.routeOptions.url ?? 'unmatched' },
      'unhandled error',
    );
    return reply.status(500).send(errorEnvelope(500, translate(lang, 'error.internal'), 'error.internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorEnvelope(404, translate(requestLanguage(request), 'error.not_found'), 'error.not_found'));
  });
}
