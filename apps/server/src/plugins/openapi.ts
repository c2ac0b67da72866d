import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the contract's zod schemas, and a browsable reference. */
export async function registerOpenApi(app: FastifyInstance, basePath: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ICS API',
        version: '1',
        description:
          'Every response is the envelope `{ success, message, code, result, timestamp }`. ' +
          'Send the session token in the `X-Access-Token` header.',
      },
      servers: [{ url: basePath }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/doc' });
}
