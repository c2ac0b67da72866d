import type { FastifyInstance } from 'fastify';

/**
 * Lets a plugin scope accept JSON bodies up to `limit` bytes (by default 3 MB: a 2 MB image as a
 * base64 data URL).
 */
export function allowLargeJson(scope: FastifyInstance, limit = 3 * 1024 * 1024): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: limit },
    (_r, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        (error as { statusCode?: number }).statusCode = 400;
        done(error as Error, undefined);
      }
    },
  );
}
