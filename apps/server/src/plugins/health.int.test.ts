import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbVariants, startTestApp } from '../../test/harness';

const redisUrl = process.env.TEST_REDIS_URL;

describe('health', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp(dbVariants()[0]!, { MQTT_PORT: '0' });
  });
  afterAll(() => ctx.close().catch(() => undefined));

  it('answers live without a token', async () => {
    const res = await ctx.request({ method: 'GET', url: '/ics/health/live' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ status: 'ok' });
  });

  it('is not ready while the device broker is not up, and says which part fails', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/ics/health/ready',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      code: 503,
      errorCode: 'health.unavailable',
      message: 'Not ready: broker',
    });
    expect(res.body.result).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', broker: 'failing' },
    });
  });

  it('is ready once the broker listens', async () => {
    await ctx.services.devices.start();
    const res = await ctx.request({ method: 'GET', url: '/ics/health/ready' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', broker: 'ok' },
    });
  });

  it('is not ready when the database does not answer, and still alive', async () => {
    await ctx.db.close();
    const ready = await ctx.request({ method: 'GET', url: '/ics/health/ready' });
    expect(ready.status).toBe(503);
    expect(ready.body.result.checks).toMatchObject({ database: 'failing', migrations: 'failing' });
    const live = await ctx.request({ method: 'GET', url: '/ics/health/live' });
    expect(live.status).toBe(200);
  });
});

describe.skipIf(!redisUrl)('health with Redis (TEST_REDIS_URL)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp(dbVariants()[0]!, { MQTT_PORT: '0', REDIS_URL: redisUrl! });
    await ctx.services.devices.start();
  });
  afterAll(() => ctx?.close());

  it('checks Redis too', async () => {
    const res = await ctx.request({ method: 'GET', url: '/ics/health/ready' });
    expect(res.status).toBe(200);
    expect(res.body.result.checks).toEqual({ database: 'ok', migrations: 'ok', broker: 'ok', redis: 'ok' });
  });
});
