import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The script that tells the console where the API is; a file of its own, so that no inline script is needed. */
export const CONSOLE_CONFIG_SCRIPT = 'ics-config.js';

/**
 * Serves the built console at `/`. The index page loads the API base path from
 * `ics-config.js` before the app, so the same build works under any `ICS_BASE_PATH`.
 */
export async function registerConsole(app: FastifyInstance, webDir: string, basePath: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`console not built (${indexFile} missing): serving the API only`);
    return;
  }
  const configScript = `window.__ICS_CONFIG__=${JSON.stringify({ apiBase: basePath })};\n`;
  const index = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<head>', `<head><script src="./${CONSOLE_CONFIG_SCRIPT}"></script>`);
  const sendIndex = (_: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  app.get('/', sendIndex);
  app.get(`/${CONSOLE_CONFIG_SCRIPT}`, (_, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );
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
