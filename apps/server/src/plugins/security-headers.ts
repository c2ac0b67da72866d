import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (console, API, uploads): a content security policy that
 * allows no inline script, no framing by other sites, no MIME sniffing, a strict referrer
 * policy, and HSTS only on requests that arrived over TLS — directly, or at a trusted proxy
 * that says so (`X-Forwarded-Proto`, believed when `ICS_TRUST_PROXY` is set) — since a
 * browser would pin HTTPS for a host that cannot serve it otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
