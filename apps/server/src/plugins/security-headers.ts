import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its styles at run time (CSS-in-JS).
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Map tiles come from the tile server the platform settings name (any host), images
      // from uploads and data URLs (avatars being chosen, captchas).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http:'],
      fontSrc: ["'self'", 'data:'],
      // The map renders in workers created from blobs.
      workerSrc: ["'self'", 'blob:'],
      // Menu entries may open external pages inside the console.
      frameSrc: ["'self'", 'https:', 'http:'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Uploaded avatars and logos may be shown by a console served from another origin.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for `options`, worked out once. None of them depends on the request
 * (no nonces), and building helmet's middleware per request, as its Fastify plugin does, cost
 * about a tenth of the server's CPU on a cached API answer.
 */
function fixedHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (console, API, uploads, errors): a content security policy
 * that allows no inline script, no framing by other sites, no MIME sniffing, a strict referrer
 * policy, and HSTS only on requests that arrived over TLS — directly, or at a trusted proxy
 * that says so (`X-Forwarded-Proto`, believed when `ICS_TRUST_PROXY` is set) — since a browser
 * would pin HTTPS for a host that cannot serve it otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = fixedHeaders(OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
