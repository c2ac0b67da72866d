import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, describeWithApp } from '../../../test/harness';

const shanghaiDay = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

describeWithApp('home counters', (ctx) => {
  it('counts successful sign-ins in total, today and by distinct address', async () => {
    const token = await ctx().login();
    const headers = { 'x-access-token': token };
    const before = (await ctx().request({ method: 'GET', url: '/ics/sys/loginfo', headers })).body.result;

    await ctx().login();
    await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      payload: { username: 'admin', password: 'wrong' },
    });
    await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      remoteAddress: '10.0.0.9',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const other = await ctx().login();
    await ctx().request({ method: 'POST', url: '/ics/sys/logout', headers: { 'x-access-token': other } });

    const res = await ctx().request({ method: 'GET', url: '/ics/sys/loginfo', headers });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      totalVisitCount: before.totalVisitCount + 3,
      todayVisitCount: before.todayVisitCount + 3,
      todayIp: 2,
    });
  });

  it('reports the last 7 days, oldest first, including days without sign-ins', async () => {
    await ctx().db.query(
      `insert into sys_log (log_type, log_content, ip, ok, create_time) values
         (1, '用户名密码登录: admin', '1.1.1.1', true, now() - interval '2 days'),
         (1, '用户名密码登录: admin', '1.1.1.2', true, now() - interval '2 days'),
         (1, '用户名密码登录: admin', '1.1.1.2', true, now() - interval '2 days'),
         (1, '登录失败: admin', '1.1.1.3', false, now() - interval '2 days'),
         (2, 'operation', '1.1.1.4', true, now() - interval '2 days'),
         (1, '用户名密码登录: admin', '1.1.1.5', true, now() - interval '30 days')`,
    );
    const headers = { 'x-access-token': await ctx().login() };
    const res = await ctx().request({ method: 'GET', url: '/ics/sys/visitInfo', headers });
    expect(res.status).toBe(200);
    const days = res.body.result as { visit: number; ip: number; tian: string; type: string }[];
    expect(days.map((d) => d.tian)).toEqual([6, 5, 4, 3, 2, 1, 0].map(shanghaiDay));
    expect(days[6]!.type).toBe(shanghaiDay(0).slice(5));
    expect(days[6]!.visit).toBeGreaterThanOrEqual(1);
    // Two days ago in Shanghai may be the 2nd or 3rd entry from the end, depending on the hour.
    const twoDaysAgo = days.filter((d) => d.tian !== shanghaiDay(0) && d.visit > 0);
    expect(twoDaysAgo.reduce((n, d) => n + d.visit, 0)).toBe(3);
    expect(twoDaysAgo.reduce((n, d) => n + d.ip, 0)).toBe(2);
  });

  it('requires a session', async () => {
    expect((await ctx().request({ method: 'GET', url: '/ics/sys/loginfo' })).status).toBe(401);
    expect((await ctx().request({ method: 'GET', url: '/ics/sys/visitInfo' })).status).toBe(401);
  });
});
