import {
  announcementRoutes,
  checkRoutes,
  departRoutes,
  dictRoutes,
  i18nRoutes,
  logRoutes,
  permissionRoutes,
  platformRoutes,
  projectRoutes,
  type RouteDef,
  roleRoutes,
  userRoutes,
} from '@ics/contract/server';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, describeWithApp, type TestApp } from '../../../test/harness';
import { until } from '../../../test/until';
import { translate } from '../../lib/messages';
import { NOT_LOGGED, OPERATION_LOG_KEYS } from './operation-log.hook';

type Ctx = () => TestApp;
type LogRow = {
  logKey: string | null;
  logContent: string;
  username: string;
  ok: boolean;
  requestUrl: string;
};

function client(ctx: Ctx) {
  let adminToken: string | undefined;
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    options: { token?: string; lang?: 'zh-CN' | 'en-US' } = {},
  ) => {
    adminToken ??= await ctx().login();
    return ctx().request({
      method,
      url: `/ics${url}`,
      headers: { ...auth(options.token ?? adminToken), 'accept-language': options.lang ?? 'zh-CN' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
}

describeWithApp('log: login and operation logs', (ctx) => {
  const api = client(ctx);
  const logs = async (query: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    (await api('GET', `/sys/log/list?pageSize=200&${query}`, undefined, { lang })).body.result
      .records as LogRow[];
  /** Operation logs are written once the answer has gone: waits until `count` rows are there. */
  const operations = (query: string, count: number, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    until(async () => {
      const rows = await logs(query, lang);
      return rows.length >= count ? rows : null;
    }, 5_000);

  it('names every administrative operation with a text in both languages', () => {
    const groups = [
      userRoutes,
      roleRoutes,
      permissionRoutes,
      departRoutes,
      dictRoutes,
      checkRoutes,
      projectRoutes,
      i18nRoutes,
      platformRoutes,
      logRoutes,
      announcementRoutes,
    ];
    const unnamed = groups
      .flatMap((g) => Object.values(g) as RouteDef[])
      .filter((r) => [r.method, ...(r.alsoMethods ?? [])].some((m) => m !== 'GET'))
      .filter((r) => !OPERATION_LOG_KEYS.has(r) && !NOT_LOGGED.has(r))
      .map((r) => `${r.method} ${r.path}`);
    expect(unnamed).toEqual([]);
    for (const key of OPERATION_LOG_KEYS.values()) {
      expect(translate('zh-CN', key)).toMatch(/[\u4e00-\u9fa5]/);
      expect(translate('en-US', key)).toMatch(/^[A-Z][a-z]/);
    }
  });

  it('logs operations in the reader’s language, with a stable key, failed ones too', async () => {
    await api('POST', '/sys/role/add', { roleName: 'Log test', roleCode: 'log_test' });
    const dup = await api('POST', '/sys/role/add', { roleName: 'Log test', roleCode: 'log_test' });
    expect(dup.status).toBe(409);
    const zh = (await operations('logType=2&logKey=oplog.role.add', 2)).filter((r) => r.username === 'admin');
    expect(zh.map((r) => [r.logContent, r.ok])).toEqual([
      ['添加角色', false],
      ['添加角色', true],
    ]);
    expect(zh[0]).toMatchObject({ requestUrl: '/ics/sys/role/add' });
    const en = await logs('logType=2&logKey=oplog.role.add', 'en-US');
    expect(en.map((r) => r.logContent)).toEqual(['Add a role', 'Add a role']);
    // Searching finds the text in either language.
    expect((await logs(`logType=2&keyWord=${encodeURIComponent('Add a role')}`)).length).toBe(2);
    expect((await logs(`logType=2&keyWord=${encodeURIComponent('添加角色')}`, 'en-US')).length).toBe(2);
    // Reading is not an operation.
    expect(await logs(`logType=2&requestUrl=${encodeURIComponent('/ics/sys/role/list')}`)).toEqual([]);
  });

  it('logs announcement operations, publishing by GET included, but not reading one’s notices', async () => {
    const added = await api('POST', '/sys/annountCement/add', {
      titile: '日志测试',
      msgCategory: '1',
      msgType: 'ALL',
      priority: 'M',
    });
    expect(added.status).toBe(200);
    const id = added.body.result.id;
    expect((await api('GET', `/sys/annountCement/doReleaseData?id=${id}`)).status).toBe(200);
    expect((await api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id })).status).toBe(
      200,
    );
    expect((await api('PUT', '/sys/annountCement/doReovkeData', { id })).status).toBe(200);
    const rows = await operations('logType=2&requestUrl=*annountCement*', 3);
    expect(rows.map((r) => [r.logKey, r.logContent])).toEqual([
      ['oplog.announcement.revoke', '撤销通知公告'],
      ['oplog.announcement.release', '发布通知公告'],
      ['oplog.announcement.add', '添加通知公告'],
    ]);
    expect(await logs('logType=2&requestUrl=*sysAnnouncementSend*')).toEqual([]);
  });

  it('writes sign-ins, failures, frozen refusals and sign-outs to the login log in both languages', async () => {
    await api('POST', '/sys/user/add', { username: 'logfrost', realname: 'Frost', password: 'secret123' });
    const token = await ctx().login('logfrost', 'secret123');
    await ctx().request({ method: 'POST', url: '/ics/sys/logout', headers: auth(token) });
    const wrong = await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      remoteAddress: '10.9.9.9',
      payload: { username: 'logfrost', password: 'wrong-one' },
    });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 'auth.bad_credentials' });
    const id = (await api('GET', '/sys/user/list?username=logfrost')).body.result.records[0].id;
    await api('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 });
    const frozen = await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      remoteAddress: '10.9.9.8',
      payload: { username: 'logfrost', password: 'secret123' },
    });
    expect(frozen.status).toBe(403);
    expect(frozen.body.errorCode).toBe('auth.frozen');

    const zh = await logs('logType=1&username=logfrost');
    expect(zh.map((r) => [r.logKey, r.logContent, r.ok])).toEqual([
      ['log.login.frozen', '登录失败（账号已冻结）: logfrost', false],
      ['log.login.failed', '登录失败: logfrost', false],
      ['log.logout', '退出登录: logfrost', true],
      ['log.login.password', '用户名密码登录: logfrost', true],
    ]);
    const en = await logs('logType=1&username=logfrost', 'en-US');
    expect(en.map((r) => r.logContent)).toEqual([
      'Sign-in refused, the account is frozen: logfrost',
      'Sign-in failed: logfrost',
      'Signed out: logfrost',
      'Signed in with password: logfrost',
    ]);

    // Neither the refusal nor the sign-out counts as a visit on the home page.
    const info = async () => (await api('GET', '/sys/loginfo')).body.result.totalVisitCount as number;
    const before = await info();
    await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      remoteAddress: '10.9.9.7',
      payload: { username: 'logfrost', password: 'secret123' },
    });
    expect(await info()).toBe(before);
    await ctx().login('admin', ADMIN_PASSWORD);
    expect(await info()).toBe(before + 1);
  });

  it('exports the log in the reader’s language', async () => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: '/ics/sys/log/exportXls?logType=1&username=logfrost',
      headers: { ...auth(await ctx().login()), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const texts: unknown[] = [];
    book.worksheets[0]!.eachRow((row, n) => n > 1 && texts.push(row.getCell(1).value));
    expect(texts).toContain('Signed in with password: logfrost');
  });
});
