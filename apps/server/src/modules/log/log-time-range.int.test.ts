import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi, describeWithApp } from '../../../test/harness';

/**
 * A date-range filter given as instants with their offset selects the moments the console's
 * user means, whatever the zone of the server process or of the database session. The server
 * runs here in a zone that is neither the platform's nor the browser's.
 */
const before = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Auckland';
});
afterAll(() => {
  if (before === undefined) delete process.env.TZ;
  else process.env.TZ = before;
});

describeWithApp('log: a time range given with an offset', (ctx) => {
  const api = adminApi(ctx);
  /** The probe rows a login-log range selects, by their content. */
  const selected = async (begin: string, end: string) => {
    const query = new URLSearchParams({
      logType: '1',
      logContent: '*tz-probe*',
      pageSize: '50',
      createTime_begin: begin,
      createTime_end: end,
    });
    const res = await api('GET', `/sys/log/list?${query}`);
    expect(res.status, res.body.message).toBe(200);
    return (res.body.result.records as { logContent: string }[]).map((r) => r.logContent).sort();
  };

  beforeAll(async () => {
    // A: 25 Nov 22:00 in New York, 26 Nov 11:00 in Shanghai. B: 26 Nov 22:00 in New York,
    // 27 Nov 11:00 in Shanghai. C: 27 Nov 07:00 in New York.
    await ctx().db.query(
      `insert into sys_log (log_type, log_content, ip, ok, create_time) values
         (1, 'tz-probe-A', '10.0.0.1', true, '2026-11-26T03:00:00Z'),
         (1, 'tz-probe-B', '10.0.0.1', true, '2026-11-27T03:00:00Z'),
         (1, 'tz-probe-C', '10.0.0.1', true, '2026-11-27T12:00:00Z')`,
    );
  });

  it("selects the rows of the day in the browser's zone, whatever the server's zone", async () => {
    expect(process.env.TZ).toBe('Pacific/Auckland');
    // 26 November as a browser in New York picks it.
    expect(await selected('2026-11-26T00:00:00.000-05:00', '2026-11-26T23:59:59.999-05:00')).toEqual([
      'tz-probe-B',
    ]);
    // The same two instants written in UTC select the same rows.
    expect(await selected('2026-11-26T05:00:00.000Z', '2026-11-27T04:59:59.999Z')).toEqual(['tz-probe-B']);
    // 26 November as a browser in Shanghai picks it.
    expect(await selected('2026-11-26T00:00:00.000+08:00', '2026-11-26T23:59:59.999+08:00')).toEqual([
      'tz-probe-A',
    ]);
    // An open end: from 27 November 00:00 in New York onwards.
    expect(await selected('2026-11-27T00:00:00.000-05:00', '')).toEqual(['tz-probe-C']);
  });

  it("reads a wall time without an offset in the platform's zone, as upstream clients send it", async () => {
    expect(await selected('2026-11-26 00:00:00', '2026-11-26 23:59:59')).toEqual(['tz-probe-A']);
    expect(await selected('2026-11-26', '2026-11-26')).toEqual(['tz-probe-A']);
  });

  it('refuses an offset that is no offset', async () => {
    const res = await api('GET', '/sys/log/list?createTime_begin=2026-11-26T00:00:00%2B25:00');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
