import { Simulator } from '@ics/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, dbVariants, startTestApp } from '../../test/harness';
import { until } from '../../test/until';

const TOKEN = 'scrape-token-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ' '}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let token: string;
  let sim: Simulator;
  const scrape = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/ics/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await startTestApp(dbVariants()[0]!, { MQTT_PORT: '0', ICS_METRICS_TOKEN: TOKEN });
    await ctx.services.devices.start();
    token = await ctx.login();
    const [project] = await ctx.db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Metrics', 'MX') returning id`,
    );
    const gateway = await ctx.request({
      method: 'POST',
      url: '/ics/lighting/gateway/add',
      headers: auth(token),
      payload: { projectId: project!.id, sn: 'GW-M', name: 'gw M' },
    });
    sim = new Simulator({
      url: ctx.services.devices.brokerUrl!,
      gateways: [{ sn: 'GW-M', password: gateway.body.result.credentials.password }],
      lampsPerGateway: 3,
      telemetryIntervalSeconds: 1,
      heartbeatSeconds: 3600,
    });
    await sim.start();
  });
  afterAll(async () => {
    await sim?.stop();
    await ctx?.close();
  });

  it('refuses a scraper without the token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/ics/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/ics/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts HTTP requests by route and status, and reports the process', async () => {
    await ctx.app.inject({ method: 'GET', url: '/ics/sys/platform/public' });
    await ctx.app.inject({ method: 'GET', url: '/ics/sys/user/list' });
    const text = await scrape();
    expect(
      sample(
        text,
        'ics_http_request_duration_seconds_count',
        'method="GET",route="/ics/sys/platform/public",status="200"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'ics_http_request_duration_seconds_count',
        'method="GET",route="/ics/sys/user/list",status="401"',
      ),
    ).toBe(1);
    expect(sample(text, 'ics_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('ics_nodejs_eventloop_lag_seconds');
    expect(sample(text, 'ics_websocket_clients')).toBe(0);
  });

  it('follows ingestion and commands as devices report and answer', async () => {
    await until(async () => (sample(await scrape(), 'ics_readings_stored_total') ?? 0) >= 3);
    const text = await scrape();
    expect(sample(text, 'ics_readings_accepted_total')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'ics_readings_dropped_total')).toBe(0);
    expect(sample(text, 'ics_ingest_backlog_readings')).toBeGreaterThanOrEqual(0);

    const lamps = await ctx.request({
      method: 'GET',
      url: '/ics/lighting/lamp/list?pageSize=10',
      headers: auth(token),
    });
    const ids = (lamps.body.result.records as Array<{ id: string }>).map((r) => r.id);
    const job = await ctx.request({
      method: 'POST',
      url: '/ics/lighting/control/send',
      headers: auth(token),
      payload: { scope: 'lamps', ids, action: 'off' },
    });
    expect(job.status).toBe(200);
    await until(async () => (sample(await scrape(), 'ics_commands_total', 'status="acked"') ?? 0) >= 1);
    expect(sample(await scrape(), 'ics_command_round_trip_seconds_count')).toBeGreaterThanOrEqual(1);
  });
});

describe('metrics without a token setting', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp(dbVariants()[0]!);
  });
  afterAll(() => ctx?.close());

  it('are off: 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/ics/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
