import type { Language } from '@ics/contract/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RawJson } from './raw-json';
import type { Caller } from './routes';

export type ResponseCacheOptions = {
  /**
   * How long an answer is served without rebuilding it. Writes on this node clear the cache at
   * once (`clearOnWrites`); this bounds how long a write made on another API node stays unseen.
   */
  ttlMs: number;
  /** Answers kept at most; past it, expired ones go, and if none had expired, all go. */
  maxEntries: number;
  /** Answers longer than this (JSON characters) are served but not kept (pages of 1,000 rows). */
  maxAnswerChars: number;
};

type Entry = { answer: Promise<RawJson>; expires: number };

/**
 * Answers of read endpoints kept as serialised JSON, per caller and normalised query (see
 * `answerKey`), until the data they are built from may have changed. An answer depends on who
 * asks (scope, data rules, roles) only through the key's user and department, and on the data
 * only through the database: so every write on this node clears the whole cache, and answers
 * expire after a short TTL for writes made elsewhere.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ResponseCacheOptions) {}

  /**
   * The cached answer for `key`, or `build()`'s result serialised (concurrent misses of one key
   * share one build). A failed build is not kept.
   */
  answer(key: string, build: () => Promise<unknown>): Promise<RawJson> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.answer;
    if (this.entries.size >= this.options.maxEntries) this.evict(now);
    const answer = build().then((result) => new RawJson(JSON.stringify(result ?? null)));
    const entry: Entry = { answer, expires: now + this.options.ttlMs };
    this.entries.set(key, entry);
    // A clear() during the build has removed this entry, so an answer read before a write
    // is never served after it; the check on identity keeps a newer entry for the key.
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    answer.then((raw) => {
      if (raw.json.length > this.options.maxAnswerChars) forget();
    }, forget);
    return answer;
  }

  /** Forgets every answer (the data behind them has changed). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
  }
}

/** Query parameters that never change an answer: the console's cache-buster, and the language (keyed apart). */
const IGNORED_PARAMS = new Set(['_t', 'lang']);

/**
 * The cache key of a read: the route, who asks (user, and the department the session works
 * in, which data rules may refer to), the answer's language, and the validated query with its
 * parameters sorted and the cache-buster `_t` left out.
 */
export function answerKey(
  route: string,
  caller: Caller,
  lang: Language,
  query: Record<string, unknown> | undefined,
): string {
  // Every part JSON-encoded, so that no value can pass for a separator or another parameter.
  let key = `${route}|${JSON.stringify(caller.userId)}|${JSON.stringify(caller.orgCode)}|${lang}`;
  if (!query) return key;
  const names = Object.keys(query);
  if (names.length > 1) names.sort();
  for (const name of names) {
    const value = query[name];
    if (value !== undefined && !IGNORED_PARAMS.has(name))
      key += `|${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  return key;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Clears `caches` when any request that may write (every method but GET, HEAD and OPTIONS)
 * has been handled, before its answer is sent: whoever sees a write's answer and asks again
 * gets a fresh one. Covering every writing route, present and future, means no module can
 * forget to invalidate. Writes outside such requests call `clear()` themselves. Register on
 * the root instance before any route.
 */
export function clearOnWrites(app: FastifyInstance, caches: readonly { clear(): void }[]): void {
  // A route may take GET and POST alike: the method of each request decides.
  const clearAll = async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    for (const cache of caches) cache.clear();
  };
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (methods.every((m) => SAFE_METHODS.has(m))) return;
    const existing = route.onSend;
    route.onSend = [...(existing ? ([] as unknown[]).concat(existing) : []), clearAll] as typeof route.onSend;
  });
}
