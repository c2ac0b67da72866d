import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { httpEnUS } from '../i18n/locales/en-US';
import { httpZhCN } from '../i18n/locales/zh-CN';
import { ApiError } from './api-error';
import { createCaller, unwrap } from './call';
import {
  createHttpClient,
  type ExpiredDialog,
  type HttpMessageKey,
  type Notice,
  REQUEST_TIMEOUT_MS,
  UNAUTHORIZED_RELOAD_DELAY_MS,
} from './client';

type Reply = { status: number; data?: unknown } | { network: 'timeout' | 'down' };

function lookup(bundle: typeof httpZhCN, key: HttpMessageKey): string {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle) as string;
}

function setup(options: { token?: string | null; lang?: 'zh-CN' | 'en-US'; reply?: Reply } = {}) {
  let token = options.token === undefined ? 'tok' : options.token;
  let reply: Reply = options.reply ?? { status: 200, data: { success: true, result: 1 } };
  const seen: InternalAxiosRequestConfig[] = [];
  const notices: Notice[] = [];
  const dialogs: ExpiredDialog[] = [];
  const scheduled: { fn: () => void; ms: number }[] = [];
  const clearSession = vi.fn(() => {
    token = null;
  });
  const reload = vi.fn();
  const bundle = options.lang === 'en-US' ? httpEnUS : httpZhCN;

  const client = createHttpClient({
    baseURL: '/ics',
    getToken: () => token,
    getLanguage: () => options.lang ?? 'zh-CN',
    t: (key) => lookup(bundle, key),
    feedback: () => ({ notify: (n) => notices.push(n), showExpired: (d) => dialogs.push(d) }),
    clearSession,
    reload,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
    now: () => 1_700_000_000_123,
    adapter: async (config) => {
      seen.push(config);
      if ('network' in reply) {
        throw new AxiosError(
          'boom',
          reply.network === 'timeout' ? AxiosError.ECONNABORTED : AxiosError.ERR_NETWORK,
          config,
        );
      }
      const response: AxiosResponse = {
        data: reply.data,
        status: reply.status,
        statusText: '',
        headers: {},
        config,
      };
      if (config.validateStatus?.(reply.status) ?? true) return response;
      throw new AxiosError(`status ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    },
  });
  return {
    client,
    call: createCaller(client),
    seen,
    notices,
    dialogs,
    scheduled,
    clearSession,
    reload,
    setReply: (r: Reply) => {
      reply = r;
    },
  };
}

const envelope = (code: number, message: string) => ({
  success: false,
  message,
  code,
  result: null,
  timestamp: 0,
});

describe('http client requests', () => {
  it('sends the token, the language and a _t in seconds on GETs', async () => {
    const h = setup({ lang: 'en-US' });
    await h.client.get('/sys/user/list', { params: { pageNo: 2 } });
    const config = h.seen[0]!;
    expect(config.baseURL).toBe('/ics');
    expect(config.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(config.headers.get('X-Access-Token')).toBe('tok');
    expect(config.headers.get('Accept-Language')).toBe('en-US');
    expect(config.params).toEqual({ _t: 1_700_000_000, pageNo: 2 });
  });

  it('adds no _t to dictionary item look-ups nor to POSTs, and no token header without a token', async () => {
    const h = setup({ token: null });
    await h.client.get('/sys/dict/getDictItems/sex');
    await h.client.post('/sys/login', { username: 'a' });
    expect(h.seen[0]!.params).toBeUndefined();
    expect(h.seen[1]!.params).toBeUndefined();
    expect(h.seen[0]!.headers.get('X-Access-Token')).toBeUndefined();
  });

  it('resolves to the envelope body', async () => {
    const h = setup({ reply: { status: 200, data: { success: true, result: { a: 1 } } } });
    await expect(h.client.get('/x')).resolves.toEqual({ success: true, result: { a: 1 } });
  });

  it('types calls by route and substitutes path parameters', async () => {
    const h = setup({
      reply: { status: 200, data: { success: true, code: 200, result: 'data:image/png;base64,' } },
    });
    const { sessionRoutes } = await import('@ics/contract');
    const env = await h.call(sessionRoutes.randomImage, { params: { key: '17 00' } });
    expect(h.seen[0]!.url).toBe('/sys/randomImage/17%2000');
    expect(h.seen[0]!.method).toBe('get');
    expect(unwrap(env)).toBe('data:image/png;base64,');
  });
});

describe('http client error catalogue (spec §8)', () => {
  beforeEach(() => vi.restoreAllMocks());

  it.each([
    [403, 'forbidden', '拒绝访问'],
    [404, 'notFound', '很抱歉，资源未找到!'],
    [504, 'timeout', '网络超时'],
  ] as const)('%i shows "%s" titled 系统提示', async (status, _key, text) => {
    const h = setup({ reply: { status, data: envelope(status, 'server text') } });
    const error = await h.client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(h.notices).toEqual([{ key: `http:${text}`, title: '系统提示', description: text }]);
    expect(h.clearSession).not.toHaveBeenCalled();
  });

  it('speaks English when the UI does', async () => {
    const h = setup({ lang: 'en-US', reply: { status: 403, data: envelope(403, 'x') } });
    await h.client.get('/x').catch(() => undefined);
    expect(h.notices[0]).toMatchObject({ title: 'System notice', description: 'Access denied' });
  });

  it('401 with a token: notice, logout, reload after 1.5 s (once for concurrent calls)', async () => {
    const h = setup({ reply: { status: 401, data: envelope(401, '未授权') } });
    await Promise.all([h.client.get('/a').catch(() => undefined), h.client.get('/b').catch(() => undefined)]);
    expect(h.notices[0]).toMatchObject({ title: '系统提示', description: '未授权，请重新登录' });
    expect(h.clearSession).toHaveBeenCalledTimes(1);
    expect(h.scheduled).toHaveLength(1);
    expect(h.scheduled[0]!.ms).toBe(UNAUTHORIZED_RELOAD_DELAY_MS);
    expect(UNAUTHORIZED_RELOAD_DELAY_MS).toBe(1500);
    expect(h.reload).not.toHaveBeenCalled();
    h.scheduled[0]!.fn();
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('401 without a token only shows the notice', async () => {
    const h = setup({ token: null, reply: { status: 401, data: envelope(401, 'x') } });
    await h.client.get('/a').catch(() => undefined);
    expect(h.notices).toHaveLength(1);
    expect(h.clearSession).not.toHaveBeenCalled();
    expect(h.scheduled).toHaveLength(0);
  });

  it('500 with a token and "Token失效" opens the login-expired dialog whose button logs out and reloads', async () => {
    const h = setup({ reply: { status: 500, data: envelope(500, 'Token失效，请重新登录') } });
    await h.client.get('/a').catch(() => undefined);
    await h.client.get('/b').catch(() => undefined);
    expect(h.notices).toEqual([]);
    expect(h.dialogs).toHaveLength(1);
    const dialog = h.dialogs[0]!;
    expect(dialog).toMatchObject({
      title: '登录已过期',
      content: '很抱歉，登录已过期，请重新登录',
      okText: '重新登录',
    });
    expect(h.clearSession).not.toHaveBeenCalled();
    dialog.onOk();
    expect(h.clearSession).toHaveBeenCalledTimes(1);
    expect(h.reload).toHaveBeenCalledTimes(1);
  });

  it('the login-expired dialog in English', async () => {
    const h = setup({ lang: 'en-US', reply: { status: 500, data: envelope(500, 'Token失效，请重新登录') } });
    await h.client.get('/a').catch(() => undefined);
    expect(h.dialogs[0]).toMatchObject({
      title: 'Login expired',
      content: 'Sorry, your login has expired, please log in again',
      okText: 'Log in again',
    });
  });

  it('500 without a token, or with another message, shows the server message', async () => {
    const h = setup({ token: null, reply: { status: 500, data: envelope(500, 'Token失效，请重新登录') } });
    await h.client.get('/a').catch(() => undefined);
    expect(h.dialogs).toHaveLength(0);
    expect(h.notices[0]?.description).toBe('Token失效，请重新登录');
    h.setReply({ status: 500, data: envelope(500, '操作失败，服务器内部错误') });
    await h.client.get('/a').catch(() => undefined);
    expect(h.notices[1]?.description).toBe('操作失败，服务器内部错误');
  });

  it('other statuses show the response message', async () => {
    const h = setup({ reply: { status: 409, data: envelope(409, '用户名已存在') } });
    const error = (await h.client.post('/x').catch((e: unknown) => e)) as ApiError;
    expect(h.notices[0]).toMatchObject({ title: '系统提示', description: '用户名已存在' });
    expect(error.message).toBe('用户名已存在');
  });

  it('reads the message of an error answer to a binary request', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(envelope(403, '没有权限访问地图'))).buffer;
    const h = setup({ reply: { status: 403, data: bytes } });
    const error = (await h.client
      .get('/lighting/pole/mapColumns', { responseType: 'arraybuffer' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.message).toBe('没有权限访问地图');
  });

  it('keeps the envelope and its errorCode on the rejection', async () => {
    const h = setup({
      reply: { status: 400, data: { ...envelope(400, '请输入验证码'), errorCode: 'auth.captcha_required' } },
    });
    const error = (await h.client.post('/sys/login').catch((e: unknown) => e)) as ApiError;
    expect(error.errorCode).toBe('auth.captcha_required');
    expect(error.envelope?.message).toBe('请输入验证码');
  });

  it('silent statuses (the login form) neither notify nor log out', async () => {
    for (const status of [400, 401, 403, 429]) {
      const h = setup({ reply: { status, data: envelope(status, 'inline') } });
      const error = (await h.client
        .post('/sys/login', {}, { silentStatuses: [400, 401, 403, 429] })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(status);
      expect(error.message).toBe('inline');
      expect(h.notices).toEqual([]);
      expect(h.clearSession).not.toHaveBeenCalled();
    }
  });

  it('a timeout without response shows 网络超时', async () => {
    const h = setup({ reply: { network: 'timeout' } });
    const error = (await h.client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(h.notices[0]?.description).toBe('网络超时');
  });

  it('a network failure shows a network notice unless status 0 is silent', async () => {
    const h = setup({ reply: { network: 'down' } });
    await h.client.get('/x').catch(() => undefined);
    await h.client.get('/x', { silentStatuses: [0] }).catch(() => undefined);
    expect(h.notices.map((n) => n.description)).toEqual(['网络连接异常，请稍后再试']);
  });

  it('unwrap rejects an envelope that is not successful', () => {
    expect(() =>
      unwrap({ success: false, message: 'no', code: 500, result: null, timestamp: 0 }),
    ).toThrowError(ApiError);
  });
});
