import type { FastifyInstance } from 'fastify';

/** Lets a plugin scope accept JSON bodies up to 3 MB (a 2 MB image as a base64 data URL). */
export function allowLargeJson(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 3 * 1024 * 1024 },
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
