import type { Envelope, Language } from '@ics/contract';
import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance } from 'axios';
import { ApiError } from './api-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Error statuses the caller shows itself (for example the login form's 400/401/403/429):
     * for these the client neither notifies nor logs out, it only rejects with an ApiError.
     * Status 0 stands for "no response" (network failure or timeout).
     */
    silentStatuses?: readonly number[];
  }
}

/** Request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Delay between a 401 and the reload that lands on the login page (spec §8). */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1_500;

export type HttpMessageKey =
  | 'title'
  | 'forbidden'
  | 'notFound'
  | 'timeout'
  | 'unauthorized'
  | 'network'
  | 'unknown'
  | 'expired.title'
  | 'expired.content'
  | 'expired.okText';

export type Notice = { key: string; title: string; description: string };
export type ExpiredDialog = { title: string; content: string; okText: string; onOk: () => void };

/** How the client talks to the user; the app wires it to antd's notification and modal. */
export type HttpFeedback = {
  notify(notice: Notice): void;
  showExpired(dialog: ExpiredDialog): void;
};

export type HttpClientDeps = {
  baseURL: string;
  timeout?: number;
  getToken(): string | null;
  getLanguage(): Language;
  /** Text of the `http` namespace in the current language. */
  t(key: HttpMessageKey): string;
  feedback(): HttpFeedback;
  /** Drops the local session (token, user info, permissions, dictionaries). */
  clearSession(): void;
  reload(): void;
  schedule?(fn: () => void, ms: number): void;
  now?(): number;
  adapter?: AxiosAdapter;
};

/** A 500 whose message contains this means the token is no longer valid (upstream servers). */
export const TOKEN_INVALID_MARK = 'Token失效';

/** Dictionary item look-ups are cacheable, so they do not get the `_t` cache-buster. */
const DICT_ITEMS_PATH = '/sys/dict/getDictItems/';

/**
 * The console's HTTP client: base path, 30 s timeout, token and language headers, `_t` on
 * GETs, bodies unwrapped to the envelope, and the error catalogue of spec §8.
 */
export function createHttpClient(deps: HttpClientDeps): AxiosInstance {
  const schedule = deps.schedule ?? ((fn, ms) => void setTimeout(fn, ms));
  const now = deps.now ?? Date.now;
  let leaving = false;
  let expiredShown = false;

  const client = axios.create({
    baseURL: deps.baseURL,
    timeout: deps.timeout ?? REQUEST_TIMEOUT_MS,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const token = deps.getToken();
    if (token) config.headers.set('X-Access-Token', token);
    config.headers.set('Accept-Language', deps.getLanguage());
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get' && !(config.url ?? '').includes(DICT_ITEMS_PATH)) {
      config.params = { _t: Math.floor(now() / 1000), ...(config.params as object | undefined) };
    }
    return config;
  });

  const notify = (key: HttpMessageKey | null, description?: string) => {
    const text = description ?? (key ? deps.t(key) : deps.t('unknown'));
    deps.feedback().notify({ key: `http:${text}`, title: deps.t('title'), description: text });
  };

  const leaveAfterUnauthorized = () => {
    if (leaving) return;
    leaving = true;
    deps.clearSession();
    schedule(() => deps.reload(), UNAUTHORIZED_RELOAD_DELAY_MS);
  };

  const showExpired = () => {
    if (expiredShown) return;
    expiredShown = true;
    deps.feedback().showExpired({
      title: deps.t('expired.title'),
      content: deps.t('expired.content'),
      okText: deps.t('expired.okText'),
      onOk: () => {
        deps.clearSession();
        deps.reload();
      },
    });
  };

  client.interceptors.response.use(
    // biome-ignore lint/suspicious/noExplicitAny: axios types the fulfilled value as the response; we hand out its body
    (response) => response.data as any,
    (error: AxiosError<Partial<Envelope<unknown>> | undefined>) => {
      const response = error.response;
      if (!response) {
        const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
        const quiet = axios.isCancel(error) || (error.config?.silentStatuses?.includes(0) ?? false);
        if (!quiet) notify(timedOut ? 'timeout' : 'network');
        return Promise.reject(new ApiError(0, deps.t(timedOut ? 'timeout' : 'network')));
      }
      const status = response.status;
      const data = response.data instanceof ArrayBuffer ? jsonOfBytes(response.data) : response.data;
      const body = data && typeof data === 'object' ? (data as Partial<Envelope<unknown>>) : undefined;
      const serverMessage = typeof body?.message === 'string' ? body.message : '';
      const silent = error.config?.silentStatuses?.includes(status) ?? false;
      if (!silent) {
        const token = deps.getToken();
        switch (status) {
          case 403:
            notify('forbidden');
            break;
          case 404:
            notify('notFound');
            break;
          case 504:
            notify('timeout');
            break;
          case 401:
            notify('unauthorized');
            if (token) leaveAfterUnauthorized();
            break;
          case 500:
            if (token && serverMessage.includes(TOKEN_INVALID_MARK)) showExpired();
            else notify(null, serverMessage || deps.t('unknown'));
            break;
          default:
            notify(null, serverMessage || deps.t('unknown'));
        }
      }
      return Promise.reject(new ApiError(status, serverMessage || error.message, body));
    },
  );

  return client;
}

/** An error answer to a binary request (`responseType: 'arraybuffer'`) is still a JSON envelope. */
function jsonOfBytes(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}
