import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, describeWithApp, type TestApp } from '../../../test/harness';
import { hashToken } from '../../lib/tokens';
import { SessionStore } from './session.store';

// Failed sign-ins are counted per address too, so every test that fails on purpose uses
// its own address; the harness's `login` comes from 127.0.0.1, which never fails here.
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

const login = (ctx: TestApp, payload: Record<string, unknown>, ip = '127.0.0.1', headers = {}) =>
  ctx.request({ method: 'POST', url: '/ics/sys/login', payload, remoteAddress: ip, headers });

/** Issues a captcha for a fresh key and reads its text back from the database. */
async function captcha(ctx: TestApp): Promise<{ checkKey: string; captcha: string; image: string }> {
  const checkKey = `k${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const res = await ctx.request({ method: 'GET', url: `/ics/sys/randomImage/${checkKey}` });
  expect(res.status).toBe(200);
  const [row] = await ctx.db.query<{ code: string }>('select code from sys_captcha where key = $1', [
    checkKey,
  ]);
  return { checkKey, captcha: row!.code, image: res.body.result };
}

/** A failed sign-in, answering the captcha when one is demanded. */
async function failLogin(ctx: TestApp, username: string, ip: string) {
  let res = await login(ctx, { username, password: 'wrong-password' }, ip);
  if (res.body.errorCode === 'auth.captcha_required') {
    const { checkKey, captcha: text } = await captcha(ctx);
    res = await login(ctx, { username, password: 'wrong-password', checkKey, captcha: text }, ip);
  }
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(false);
  return res;
}

const get = (ctx: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, headers: { ...(token ? auth(token) : {}), ...headers } });

describeWithApp('session', (ctx) => {
  // --- POST /sys/login ------------------------------------------------------------------

  it('signs in with the admin password and returns the login result without secrets', async () => {
    const res = await login(ctx(), { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.body.errorCode).toBeUndefined();
    const result = res.body.result;
    expect(typeof result.token).toBe('string');
    expect(result.token.length).toBeGreaterThanOrEqual(40);
    expect(result.userInfo).toMatchObject({ id: 'user-admin', username: 'admin', orgCode: 'A01', status: 1 });
    expect(Object.keys(result.userInfo)).not.toContain('password');
    expect(Object.keys(result.userInfo)).not.toContain('password_hash');
    expect(result.departs).toEqual([
      { id: 'dep-root', departName: '智慧照明中心', orgCode: 'A01', parentId: null },
    ]);
    expect(result.multi_depart).toBe(1);
    expect(result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('answers in English with Accept-Language: en-US, dictionaries included', async () => {
    const res = await login(ctx(), { username: 'admin', password: ADMIN_PASSWORD }, '127.0.0.1', {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Signed in' });
    expect(res.body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: 'Male', title: 'Male' },
      { value: '2', text: 'Female', title: 'Female' },
    ]);
    expect(res.body.result.sysAllDictItems.user_status[1]).toEqual({
      value: '2',
      text: 'Frozen',
      title: 'Frozen',
    });
  });

  it('reports multi_depart 0, 1 and 2 and picks the only department', async () => {
    await ctx().createUser({ username: 'dep0' });
    await ctx().createUser({ username: 'dep1', departs: ['dep-ops'] });
    await ctx().createUser({ username: 'dep2', departs: ['dep-ops', 'dep-monitor'] });
    const none = await login(ctx(), { username: 'dep0', password: ADMIN_PASSWORD });
    expect(none.status).toBe(200);
    expect(none.body.result).toMatchObject({ multi_depart: 0, departs: [] });
    expect(none.body.result.userInfo).toMatchObject({ orgCode: null, departIds: null });
    const one = await login(ctx(), { username: 'dep1', password: ADMIN_PASSWORD });
    expect(one.body.result.multi_depart).toBe(1);
    expect(one.body.result.userInfo.orgCode).toBe('A01A01');
    const [row] = await ctx().db.query("select org_code from sys_user where username = 'dep1'");
    expect(row!.org_code).toBe('A01A01');
    const two = await login(ctx(), { username: 'dep2', password: ADMIN_PASSWORD });
    expect(two.body.result.multi_depart).toBe(2);
    expect(two.body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01', 'A01A02']);
    expect(two.body.result.userInfo.orgCode).toBeNull();
  });

  it('declines a wrong password and an unknown user alike: HTTP 200, success false (as Jeecg)', async () => {
    const ip = freshIp();
    const wrong = await login(ctx(), { username: 'admin', password: 'nope' }, ip);
    const unknown = await login(ctx(), { username: 'nobody-here', password: 'nope' }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        code: 500,
        message: '用户名或密码错误',
        errorCode: 'auth.bad_credentials',
      });
    }
    const en = await login(ctx(), { username: 'nobody-here', password: 'nope' }, freshIp(), {
      'accept-language': 'en-US',
    });
    expect(en.body.message).toBe('Wrong username or password');
  });

  it('refuses a frozen user with 403, but only once the password is right', async () => {
    await ctx().createUser({ username: 'frosty', status: 2 });
    const res = await login(ctx(), { username: 'frosty', password: ADMIN_PASSWORD }, freshIp());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, message: '该用户已冻结', errorCode: 'auth.frozen' });
    const wrong = await login(ctx(), { username: 'frosty', password: 'not-it' }, freshIp());
    expect(wrong.status).toBe(200);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.errorCode).toBe('auth.bad_credentials');
  });

  it('names the missing field with 400', async () => {
    const noUser = await login(ctx(), { password: 'x' }, freshIp());
    expect(noUser.status).toBe(400);
    expect(noUser.body).toMatchObject({ success: false, code: 400, errorCode: 'error.validation' });
    expect(noUser.body.message).toContain('参数校验失败：username');
    expect(noUser.body.result.field).toBe('username');
    const noPassword = await login(ctx(), { username: 'admin' }, freshIp(), { 'accept-language': 'en-US' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toContain('Invalid input: password');
    const emptyUser = await login(ctx(), { username: '  ', password: 'x' }, freshIp());
    expect(emptyUser.status).toBe(400);
    expect(emptyUser.body.result.field).toBe('username');
  });

  it('demands a captcha after 3 failures, refuses a wrong one and accepts the right one', async () => {
    await ctx().createUser({ username: 'capper' });
    const ip = freshIp();
    await failLogin(ctx(), 'capper', ip);
    await failLogin(ctx(), 'capper', ip);
    const third = await failLogin(ctx(), 'capper', ip);
    expect(third.body.result).toEqual({ captchaRequired: true });

    const missing = await login(ctx(), { username: 'capper', password: ADMIN_PASSWORD }, ip);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      message: '请输入验证码',
      errorCode: 'auth.captcha_required',
      result: { captchaRequired: true },
    });

    const first = await captcha(ctx());
    expect(first.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(first.image.split(',')[1]!, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(first.captcha).toMatch(/^[A-Z0-9]{4}$/);
    const wrongText = first.captcha === 'AAAA' ? 'BBBB' : 'AAAA';
    const wrong = await login(
      ctx(),
      { username: 'capper', password: ADMIN_PASSWORD, checkKey: first.checkKey, captcha: wrongText },
      ip,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      success: false,
      message: '验证码错误',
      errorCode: 'auth.captcha_invalid',
    });
    // A captcha is single-use: the right text for the consumed key no longer works either.
    const reused = await login(
      ctx(),
      { username: 'capper', password: ADMIN_PASSWORD, checkKey: first.checkKey, captcha: first.captcha },
      ip,
    );
    expect(reused.body.errorCode).toBe('auth.captcha_invalid');

    const second = await captcha(ctx());
    const ok = await login(
      ctx(),
      {
        username: 'capper',
        password: ADMIN_PASSWORD,
        checkKey: second.checkKey,
        captcha: second.captcha.toLowerCase(),
      },
      ip,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: '登录成功' });
  });

  it('locks an account from one address after 5 failures; its owner signs in from another', async () => {
    await ctx().createUser({ username: 'locky' });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await failLogin(ctx(), 'locky', ip);
    const locked = await login(ctx(), { username: 'locky', password: ADMIN_PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, code: 429, errorCode: 'auth.locked' });
    expect(locked.body.message).toMatch(/请10分钟后再试$/);
    // Another address waits out the account's short delay (1 s after the fifth failure), no lock.
    const home = freshIp();
    const slowed = await login(ctx(), { username: 'locky', password: ADMIN_PASSWORD }, home, {
      'accept-language': 'en-US',
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ errorCode: 'auth.slowed' });
    expect(slowed.body.message).toBe('Too many failed sign-ins to this account, try again in 1 seconds');
    await sleep(1_100);
    const { checkKey, captcha: text } = await captcha(ctx());
    const owner = await login(
      ctx(),
      { username: 'locky', password: ADMIN_PASSWORD, checkKey, captcha: text },
      home,
    );
    expect(owner.status).toBe(200);
    // The owner's sign-in does not lift the guesser's lock.
    expect((await login(ctx(), { username: 'locky', password: ADMIN_PASSWORD }, ip)).body.errorCode).toBe(
      'auth.locked',
    );
  });

  it('slows an account guessed from many addresses, doubling the delay per failure', async () => {
    await ctx().createUser({ username: 'spread' });
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      await failLogin(ctx(), 'spread', freshIp());
      const [hold] = await ctx().db.query<{ seconds: number | null }>(
        `select round(extract(epoch from locked_until - now()))::int as seconds
           from sys_login_failure where scope = 'user' and key = 'spread'`,
      );
      if (hold?.seconds === null || hold?.seconds === undefined) continue;
      delays.push(hold.seconds);
      const held = await login(ctx(), { username: 'spread', password: ADMIN_PASSWORD }, freshIp());
      expect(held.status).toBe(429);
      expect(held.body).toMatchObject({ errorCode: 'auth.slowed' });
      expect(held.body.message).toBe(`该账户登录失败次数过多，请${hold.seconds}秒后再试`);
      // Waiting is what the delay asks for; the test moves the lock's end instead.
      await ctx().db.query(
        `update sys_login_failure set locked_until = now() where scope = 'user' and key = 'spread'`,
      );
    }
    expect(delays).toEqual([1, 2, 4, 8]);
    // No address is locked: each failed only once.
    const [row] = await ctx().db.query<{ n: number }>(
      `select count(*)::int as n from sys_login_failure where scope = 'user_ip' and key like '%spread%' and locked_until > now()`,
    );
    expect(row!.n).toBe(0);
  });

  it('keeps a lock for its full time even when it outlasts the failure window', async () => {
    await ctx().createUser({ username: 'lately' });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await failLogin(ctx(), 'lately', ip);
    // The first failure is older than the 30-minute window, the lock is recent: still locked.
    await ctx().db.query(
      `update sys_login_failure set first_failed_at = now() - interval '40 minutes' where key like '%lately%'`,
    );
    const res = await login(ctx(), { username: 'lately', password: ADMIN_PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(res.body.errorCode).toBe('auth.locked');
  });

  it('locks an address after 20 failures across different usernames', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await failLogin(ctx(), `ghost${i}`, ip);
    const res = await login(ctx(), { username: 'admin', password: ADMIN_PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, errorCode: 'auth.ip_locked' });
    expect(res.body.message).toBe('该地址登录失败次数过多，请10分钟后再试');
    expect((await login(ctx(), { username: 'admin', password: ADMIN_PASSWORD }, freshIp())).status).toBe(200);
  });

  it('lets two simultaneous sign-ins of the same user both succeed', async () => {
    const [a, b] = await Promise.all([
      login(ctx(), { username: 'admin', password: ADMIN_PASSWORD }),
      login(ctx(), { username: 'admin', password: ADMIN_PASSWORD }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.result.token).not.toBe(b.body.result.token);
    for (const token of [a.body.result.token, b.body.result.token])
      expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token)).status).toBe(200);
  });

  // --- tokens -----------------------------------------------------------------------------

  it('revokes the token on logout; a revoked or missing token is refused', async () => {
    const token = await ctx().login();
    const before = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token);
    expect(before.status).toBe(200);
    const out = await ctx().request({ method: 'POST', url: '/ics/sys/logout', headers: auth(token) });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, errorCode: 'auth.token_invalid' });
    const again = await ctx().request({ method: 'POST', url: '/ics/sys/logout', headers: auth(token) });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({
      success: false,
      message: 'Token失效，请重新登录',
      errorCode: 'auth.token_invalid',
    });
    const none = await ctx().request({ method: 'POST', url: '/ics/sys/logout' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      success: false,
      message: '退出登录失败！',
      errorCode: 'auth.logout_no_token',
    });
  });

  it('tells a missing token from an invalid one', async () => {
    const missing = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      success: false,
      code: 401,
      message: '未授权，请重新登录',
      errorCode: 'auth.token_missing',
    });
    for (const garbage of ['garbage', 'x'.repeat(500)]) {
      const res = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', garbage);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Token失效，请重新登录', errorCode: 'auth.token_invalid' });
    }
  });

  it('ends a session left idle too long and one past its absolute lifetime', async () => {
    const idle = await ctx().login();
    const old = await ctx().login();
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', idle)).status).toBe(200);
    await ctx().db.query(
      `update sys_session set last_seen_at = now() - interval '121 minutes' where token_hash = $1`,
      [hashToken(idle)],
    );
    await ctx().db.query(
      `update sys_session set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(old)],
    );
    ctx().clearCaches();
    for (const token of [idle, old]) {
      const res = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('auth.token_invalid');
    }
  });

  it('keeps a session in use alive under a short idle timeout, and ends it when left alone', async () => {
    const store = new SessionStore(ctx().db, { ttlMs: 60_000, idleMs: 400, cacheMs: 0 });
    const token = await store.create('user-admin', 'A01', '127.0.0.1', 'test');
    // Used every 100 ms for well over the idle timeout: still alive.
    for (let i = 0; i < 8; i++) {
      expect(await store.resolve(token)).toMatchObject({ userId: 'user-admin', username: 'admin' });
      await sleep(100);
    }
    await sleep(600);
    expect(await store.resolve(token)).toBeNull();
  });

  it('ends the sessions of a frozen user', async () => {
    await ctx().createUser({ username: 'tofreeze' });
    const token = await ctx().login('tofreeze');
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token)).status).toBe(200);
    await ctx().db.query(`update sys_user set status = 2 where username = 'tofreeze'`);
    ctx().clearCaches();
    const res = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('auth.token_invalid');
  });

  // --- the signed-in user -----------------------------------------------------------------

  it('returns the own user from getLoginUser and refuses another username', async () => {
    const token = await ctx().login();
    const own = await get(ctx(), '/ics/sys/getLoginUser/admin', token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ success: true, message: '操作成功！', result: { username: 'admin' } });
    expect(JSON.stringify(own.body)).not.toMatch(/password|argon2/i);
    expect((await get(ctx(), '/ics/sys/getLoginUser/ADMIN', token)).status).toBe(200);
    const other = await get(ctx(), '/ics/sys/getLoginUser/dep1', token);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      success: false,
      message: '只能查询当前登录用户',
      errorCode: 'auth.not_own_user',
    });
    expect((await get(ctx(), '/ics/sys/getLoginUser/admin')).status).toBe(401);
  });

  it('gives the admin a menu with Home first, in the requested language', async () => {
    const token = await ctx().login();
    const zh = await get(ctx(), '/ics/sys/permission/getUserPermissionByToken?_t=1', token);
    expect(zh.status).toBe(200);
    expect(zh.body.success).toBe(true);
    expect(zh.body.result.menu[0]).toMatchObject({
      id: 'menu-home',
      path: '/dashboard/analysis',
      route: '1',
      meta: { title: '首页', icon: 'home' },
    });
    const byQuery = await get(
      ctx(),
      `/ics/sys/permission/getUserPermissionByToken?token=${token}&lang=en-US`,
      token,
    );
    expect(byQuery.body.result.menu[0].meta.title).toBe('Home');
    const byHeader = await get(ctx(), '/ics/sys/permission/getUserPermissionByToken', token, {
      'accept-language': 'en-US',
    });
    expect(byHeader.body.result.menu[0].meta.title).toBe('Home');
    const badLang = await get(ctx(), '/ics/sys/permission/getUserPermissionByToken?lang=fr', token);
    expect(badLang.status).toBe(400);
    expect(badLang.body.errorCode).toBe('error.validation');
  });

  it('sends the permission tree gzipped to a client that accepts it, the same answer', async () => {
    const token = await ctx().login();
    const url = '/ics/sys/permission/getUserPermissionByToken';
    const plain = await ctx().app.inject({ method: 'GET', url, headers: auth(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const zipped = await ctx().app.inject({
      method: 'GET',
      url,
      headers: { ...auth(token), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    const { timestamp, ...rest } = unzipped;
    const { timestamp: plainTimestamp, ...plainRest } = plain.json();
    expect(rest).toEqual(plainRest);
    expect(timestamp).toBeGreaterThanOrEqual(plainTimestamp);
    const refused = await ctx().app.inject({
      method: 'GET',
      url,
      headers: { ...auth(token), 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().result).toEqual(plainRest.result);
  });

  it('gives a user without roles an empty menu and a viewer the Home menu', async () => {
    const token = await ctx().login('dep0');
    const none = await get(ctx(), '/ics/sys/permission/getUserPermissionByToken', token);
    expect(none.status).toBe(200);
    expect(none.body.result.menu).toEqual([]);
    expect(none.body.result.auth).toEqual([]);
    expect(Array.isArray(none.body.result.allAuth)).toBe(true);
    await ctx().createUser({ username: 'viewer1', roles: ['role-viewer'] });
    const viewer = await get(
      ctx(),
      '/ics/sys/permission/getUserPermissionByToken',
      await ctx().login('viewer1'),
    );
    expect(viewer.body.result.menu[0].meta.title).toBe('首页');
  });

  it('lists granted button marks in auth and every mark with its status in allAuth', async () => {
    await ctx().db.query(
      `insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no) values
         ('perm-test-on', 'menu-home', 'Test button', 2, 'test:button:on', '2', '1', 90),
         ('perm-test-off', 'menu-home', 'Disabled button', 2, 'test:button:off', '1', '0', 91)`,
    );
    await ctx().db.query(
      `insert into sys_role_permission (role_id, permission_id) values
         ('role-viewer', 'perm-test-on'), ('role-viewer', 'perm-test-off')`,
    );
    ctx().clearCaches();
    const res = await get(
      ctx(),
      '/ics/sys/permission/getUserPermissionByToken',
      await ctx().login('viewer1'),
    );
    const { menu, auth: granted, allAuth } = res.body.result;
    expect(granted).toContainEqual({ action: 'test:button:on', type: '2', describe: 'Test button' });
    expect(granted.map((a: { action: string }) => a.action)).not.toContain('test:button:off');
    expect(allAuth).toContainEqual({
      action: 'test:button:on',
      type: '2',
      describe: 'Test button',
      status: '1',
    });
    expect(allAuth).toContainEqual({
      action: 'test:button:off',
      type: '1',
      describe: 'Disabled button',
      status: '0',
    });
    // Buttons are not menu entries.
    expect(JSON.stringify(menu)).not.toContain('perm-test-on');
    const none = await get(ctx(), '/ics/sys/permission/getUserPermissionByToken', await ctx().login('dep0'));
    expect(none.body.result.auth).toEqual([]);
  });

  // --- departments ------------------------------------------------------------------------

  it('lists the departments and switches the current one', async () => {
    const admin = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', await ctx().login());
    expect(admin.body).toMatchObject({ success: true, result: { orgCode: 'A01' } });
    expect(admin.body.result.list).toHaveLength(1);

    const token = await ctx().login('dep2');
    const before = await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token);
    expect(before.body.result.orgCode).toBeNull();
    expect(before.body.result.list).toHaveLength(2);
    const select = (method: 'POST' | 'PUT', orgCode: string, username = 'dep2', t = token) =>
      ctx().request({
        method,
        url: '/ics/sys/selectDepart',
        headers: auth(t),
        payload: { username, orgCode },
      });

    const post = await select('POST', 'A01A02');
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      success: true,
      result: { userInfo: { username: 'dep2', orgCode: 'A01A02' } },
    });
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token)).body.result.orgCode).toBe(
      'A01A02',
    );
    const put = await select('PUT', 'A01A01');
    expect(put.status).toBe(200);
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', token)).body.result.orgCode).toBe(
      'A01A01',
    );

    const notMember = await select('POST', 'A01');
    expect(notMember.status).toBe(403);
    expect(notMember.body).toMatchObject({ success: false, errorCode: 'auth.depart_not_member' });
    const other = await select('POST', 'A01A01', 'dep1');
    expect(other.status).toBe(403);
    expect(other.body.errorCode).toBe('auth.not_own_user');
    const noDeparts = await select('PUT', 'A01', 'dep0', await ctx().login('dep0'));
    expect(noDeparts.status).toBe(400);
    expect(noDeparts.body).toMatchObject({
      success: false,
      message: '您尚未设置部门信息!',
      errorCode: 'auth.no_departs',
    });
    // The choice is remembered for the next sign-in.
    const again = await login(ctx(), { username: 'dep2', password: ADMIN_PASSWORD });
    expect(again.body.result).toMatchObject({ multi_depart: 2, userInfo: { orgCode: 'A01A01' } });
  });

  // --- password ---------------------------------------------------------------------------

  it('changes the password: checks input, revokes other sessions, keeps the current one', async () => {
    await ctx().createUser({ username: 'changer', departs: ['dep-ops'] });
    const current = await ctx().login('changer');
    const other = await ctx().login('changer');
    const change = (method: 'POST' | 'PUT', payload: Record<string, string>, token = current) =>
      ctx().request({ method, url: '/ics/sys/user/updatePassword', headers: auth(token), payload });
    const body = {
      username: 'changer',
      oldpassword: ADMIN_PASSWORD,
      password: 'NewPass#1',
      confirmpassword: 'NewPass#1',
    };

    expect(
      (await ctx().request({ method: 'POST', url: '/ics/sys/user/updatePassword', payload: body })).status,
    ).toBe(401);
    const mismatch = await change('POST', { ...body, confirmpassword: 'Other#1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      success: false,
      message: '两次输入密码不一致!',
      errorCode: 'auth.password_mismatch',
    });
    const wrongOld = await change('POST', { ...body, oldpassword: 'not-the-old-one' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ message: '旧密码输入错误!', errorCode: 'auth.old_password_wrong' });
    const notOwn = await change('POST', { ...body, username: 'admin' });
    expect(notOwn.status).toBe(403);

    const ok = await change('PUT', body);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: '密码修改成功，请重新登录!' });
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', current)).status).toBe(200);
    expect((await get(ctx(), '/ics/sys/user/getCurrentUserDeparts', other)).status).toBe(401);
    const oldLogin = await login(ctx(), { username: 'changer', password: ADMIN_PASSWORD }, freshIp());
    expect(oldLogin.body).toMatchObject({ success: false, errorCode: 'auth.bad_credentials' });
    const newLogin = await login(ctx(), { username: 'changer', password: 'NewPass#1' });
    expect(newLogin.status).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins, and locks after the same number', async () => {
    await ctx().createUser({ username: 'guessed' });
    const token = await ctx().login('guessed');
    const ip = freshIp();
    const change = (oldpassword: string) =>
      ctx().request({
        method: 'PUT',
        url: '/ics/sys/user/updatePassword',
        headers: auth(token),
        remoteAddress: ip,
        payload: { username: 'guessed', oldpassword, password: 'NewPass#1', confirmpassword: 'NewPass#1' },
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`guess-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errorCode).toBe('auth.old_password_wrong');
    }
    // Even the right one is refused now, and sign-in from that address too.
    const locked = await change(ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('auth.locked');
    const signIn = await login(ctx(), { username: 'guessed', password: ADMIN_PASSWORD }, ip);
    expect(signIn.status).toBe(429);
    const [row] = await ctx().db.query<{ failures: number }>(
      `select failures from sys_login_failure where scope = 'user' and key = 'guessed'`,
    );
    expect(row!.failures).toBe(5);
  });

  // --- CAS without a CAS server -----------------------------------------------------------

  it('says clearly that CAS is not configured', async () => {
    const res = await get(
      ctx(),
      `/ics/cas/client/validateLogin?ticket=ST-1&service=${encodeURIComponent('http://localhost:8080/')}`,
    );
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({
      success: false,
      message: '未配置CAS单点登录服务',
      errorCode: 'auth.cas_not_configured',
    });
  });

  it('publishes no CAS address when CAS is not configured', async () => {
    const res = await get(ctx(), '/ics/sys/platform/public');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ casEnabled: false, casUrl: null });
  });
});
