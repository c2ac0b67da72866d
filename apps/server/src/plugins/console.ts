import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console at `/`. The index page gets the API base path injected, so the
 * same build works under any `ICS_BASE_PATH`.
 */
export async function registerConsole(app: FastifyInstance, webDir: string, basePath: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`console not built (${indexFile} missing): serving the API only`);
    return;
  }
  const runtimeConfig = `<script>window.__ICS_CONFIG__=${JSON.stringify({ apiBase: basePath })}</script>`;
  const index = fs.readFileSync(indexFile, 'utf8').replace('<head>', `<head>${runtimeConfig}`);
  const sendIndex = (_: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: true,
    setHeaders(reply, filePath) {
      // Hashed assets never change; everything else is revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
