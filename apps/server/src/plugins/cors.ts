import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Headers a JeecgBoot 2.x console sends with its calls (token, signature, tenant). */
const ALLOWED_HEADERS = [
  'X-Access-Token',
  'X-Sign',
  'X-TIMESTAMP',
  'tenant-id',
  'Content-Type',
  'X-Low-App-ID',
  // The browser's time zone: exports write times in it.
  'X-Time-Zone',
];

/**
 * Cross-origin calls from the consoles at `origins` (exact origins such as
 * `https://console.example.com`), for a console served from another host than the API.
 * Without origins nothing is registered: browsers then refuse cross-origin calls, which is
 * the safe default.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    // A download's file name, and the id to quote when reporting a failed request.
    exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
    maxAge: 600,
  });
}
