import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, dbVariants, startTestApp } from '../../test/harness';

type Line = Record<string, unknown> & { msg: string; level: number };

// A route that fails as a bug would, to see the error line.
const failing = (app: FastifyInstance) => {
  app.get('/ics/test/broken/:id', async () => {
    throw new Error('boom');
  });
};

async function appWithLog(env: Record<string, string>) {
  const lines: Line[] = [];
  const ctx = await startTestApp(dbVariants()[0]!, { ICS_LOG_LEVEL: 'info', ...env }, failing, {
    write: (line) => lines.push(JSON.parse(line) as Line),
  });
  return { ctx, lines, requests: () => lines.filter((l) => l.msg.startsWith('request')) };
}

describe('access log', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  let token: string;
  beforeAll(async () => {
    app = await appWithLog({});
    token = await app.ctx.login();
  });
  afterAll(() => app.ctx.close());

  it('writes one line per request with method, route, status, time, user and request id', async () => {
    const before = app.requests().length;
    const res = await app.ctx.app.inject({
      method: 'GET',
      url: '/ics/sys/user/list?pageNo=1&realname=secret',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const line = app.requests().slice(before);
    expect(line).toHaveLength(1);
    expect(line[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/ics/sys/user/list',
      status: 200,
      reqId: res.headers['x-request-id'],
    });
    expect(line[0]!.userId).toEqual(expect.any(String));
    expect(line[0]!.ms).toEqual(expect.any(Number));
    // The query string (filters, possibly personal data) stays out of the log.
    expect(JSON.stringify(line[0])).not.toContain('secret');
  });

  it('keeps a request id the caller sent, and makes one otherwise', async () => {
    const given = await app.ctx.app.inject({
      method: 'GET',
      url: '/ics/sys/platform/public',
      headers: { 'x-request-id': 'lb-42.a' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42.a');
    const hostile = await app.ctx.app.inject({
      method: 'GET',
      url: '/ics/sys/platform/public',
      headers: { 'x-request-id': 'a b\u0001' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a failed request at warn, naming its route', async () => {
    const before = app.requests().length;
    await app.ctx.app.inject({ method: 'GET', url: '/ics/sys/user/list' });
    const [line] = app.requests().slice(before);
    expect(line).toMatchObject({
      msg: 'request failed',
      status: 401,
      route: '/ics/sys/user/list',
      level: 40,
    });
  });

  it('names the method, route and request id on the line of an unhandled error', async () => {
    const res = await app.ctx.app.inject({ method: 'GET', url: '/ics/test/broken/7' });
    expect(res.statusCode).toBe(500);
    const error = app.lines.find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({
      method: 'GET',
      route: '/ics/test/broken/:id',
      reqId: res.headers['x-request-id'],
    });
    expect(app.requests().at(-1)).toMatchObject({ msg: 'request failed', status: 500, level: 50 });
  });
});

describe('access log, sampled', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    app = await appWithLog({ ICS_ACCESS_LOG_SAMPLE: '0' });
  });
  afterAll(() => app.ctx.close());

  it('drops successful requests at a sample rate of 0 but keeps the failed ones', async () => {
    await app.ctx.app.inject({ method: 'GET', url: '/ics/sys/platform/public' });
    await app.ctx.app.inject({ method: 'GET', url: '/ics/nowhere' });
    expect(app.requests().map((l) => [l.msg, l.status])).toEqual([['request failed', 404]]);
  });
});
