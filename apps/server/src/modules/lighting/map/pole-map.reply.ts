import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Language, POLE_COLUMNS_TYPE } from '@ics/contract/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../../../http/content-encoding';
import { translate } from '../../../lib/messages';
import type { PoleMapRegistry } from './pole-map.service';

/** Whether `If-None-Match` names `etag` (a list, weak validators and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * Answers the map's static part: 304 when the client holds this version, otherwise the
 * envelope compressed once per language and encoding and kept with the registry (its
 * `timestamp` is when it was built).
 */
export function sendPoleMap(
  request: FastifyRequest,
  reply: FastifyReply,
  registry: PoleMapRegistry,
  lang: Language,
): FastifyReply {
  return sendVersioned(request, reply, registry, {
    tag: lang,
    type: 'application/json; charset=utf-8',
    vary: 'Accept-Encoding, Accept-Language, X-Access-Token',
    body: () =>
      Buffer.from(
        `{"success":true,"message":${JSON.stringify(translate(lang, 'ok'))},"code":200,"result":${registry.json},"timestamp":${Date.now()}}`,
      ),
  });
}

/** The same part in its binary layout (`pole-columns.ts`): the same in every language. */
export function sendPoleColumns(
  request: FastifyRequest,
  reply: FastifyReply,
  registry: PoleMapRegistry,
): FastifyReply {
  return sendVersioned(request, reply, registry, {
    tag: 'columns',
    type: POLE_COLUMNS_TYPE,
    vary: 'Accept-Encoding, X-Access-Token',
    body: () => registry.columns,
  });
}

type Representation = { tag: string; type: string; vary: string; body: () => Buffer };

/**
 * 304 when `If-None-Match` names this representation of the registry's version; otherwise its
 * bytes, compressed once per encoding and kept with the registry. Moderate brotli/gzip levels:
 * a cold build must stay fast.
 */
function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  registry: PoleMapRegistry,
  representation: Representation,
): FastifyReply {
  const etag = `"${registry.etag}-${representation.tag}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', representation.vary);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const key = `${representation.tag}|${encoding}`;
  let body = registry.encoded.get(key);
  if (!body) {
    const plain = representation.body();
    body =
      encoding === 'br'
        ? brotliCompressSync(plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          })
        : encoding === 'gzip'
          ? gzipSync(plain, { level: 6 })
          : plain;
    registry.encoded.set(key, body);
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(200).type(representation.type).send(body);
}
