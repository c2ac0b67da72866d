import { DEFAULT_TIME_ZONE, isTimeZone, type Language, toLanguage } from '@ics/contract/server';
import type { FastifyRequest } from 'fastify';

/** The request's language: `lang` in the query, else the first Accept-Language tag. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? query.lang : undefined;
  return toLanguage(fromQuery ?? request.headers['accept-language']?.split(',')[0]);
}

/** The X-Access-Token header, if any (its validity is the session store's business). */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-token'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  return token ? token : undefined;
}

/**
 * The time zone the caller reads times in (`X-Time-Zone`, sent by the console: the browser's),
 * else the product's default; exports write times in it.
 */
export function requestTimeZone(request: FastifyRequest): string {
  const header = request.headers['x-time-zone'];
  const zone = (Array.isArray(header) ? header[0] : header)?.trim();
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
