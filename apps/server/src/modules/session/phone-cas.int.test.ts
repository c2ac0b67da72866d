import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, describeWithApp, type TestApp } from '../../../test/harness';

// A stand-in CAS server (protocol 2.0 serviceValidate): ST-good is admin's ticket, ST-ghost
// belongs to a user this system does not know, ST-broken makes the server fail, anything
// else is refused.
const SERVICE = 'http://console.example.org/';
let cas: http.Server;
let casPort = 0;
const casRequests: URL[] = [];

beforeAll(async () => {
  cas = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    casRequests.push(url);
    const ticket = url.searchParams.get('ticket');
    if (url.pathname !== '/cas/serviceValidate') return void res.writeHead(404).end();
    if (ticket === 'ST-broken') return void res.writeHead(500).end('oops');
    const success = (user: string) =>
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${user}</cas:user>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
    const body =
      ticket === 'ST-good' && url.searchParams.get('service') === SERVICE
        ? success('admin')
        : ticket === 'ST-ghost'
          ? success('ghost')
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;
    res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
  });
  await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
  casPort = (cas.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => cas.close(() => resolve())));

const post = (ctx: TestApp, url: string, payload: Record<string, unknown>, headers = {}) =>
  ctx.request({ method: 'POST', url: `/ics${url}`, payload, headers });

describeWithApp(
  'session: phone, registration, CAS',
  (ctx) => {
    it('signs in by phone with a single-use code and refuses a quick resend', async () => {
      await ctx().createUser({ username: 'phoney', phone: '13800000001', departs: ['dep-ops'] });
      const sent = await post(ctx(), '/sys/sms', { mobile: '13800000001', smsmode: '1' });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, message: '验证码已发送' });
      const code = ctx().smsInbox.get('13800000001');
      expect(code).toMatch(/^\d{6}$/);

      const resend = await post(ctx(), '/sys/sms', { mobile: '13800000001', smsmode: '1' });
      expect(resend.status).toBe(429);
      expect(resend.body).toMatchObject({ success: false, errorCode: 'auth.sms_too_soon' });
      expect(resend.body.message).toMatch(/^发送过于频繁，请\d+秒后再试$/);

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await post(ctx(), '/sys/phoneLogin', { mobile: '13800000001', captcha: wrongCode });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        success: false,
        message: '手机验证码错误或已过期',
        errorCode: 'auth.sms_invalid',
      });
      const ok = await post(ctx(), '/sys/phoneLogin', { mobile: '13800000001', captcha: code });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
      expect(ok.body.result).toMatchObject({ multi_depart: 1, userInfo: { username: 'phoney' } });
      const reused = await post(ctx(), '/sys/phoneLogin', { mobile: '13800000001', captcha: code });
      expect(reused.status).toBe(400);
      expect(reused.body.errorCode).toBe('auth.sms_invalid');

      const badPhone = await post(ctx(), '/sys/sms', { mobile: '12345', smsmode: '1' });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.result.field).toBe('mobile');
    });

    it('does not reveal whether a phone number is registered', async () => {
      const res = await post(ctx(), '/sys/sms', { mobile: '13800000999', smsmode: '1' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('验证码已发送');
      expect(ctx().smsInbox.has('13800000999')).toBe(false);
    });

    it('refuses registration while it is switched off, codes included', async () => {
      const sms = await post(ctx(), '/sys/sms', { mobile: '13900000002', smsmode: '0' });
      expect(sms.status).toBe(403);
      expect(sms.body).toMatchObject({
        success: false,
        message: '系统未开放注册',
        errorCode: 'auth.register_disabled',
      });
      expect(ctx().smsInbox.has('13900000002')).toBe(false);
      const res = await post(ctx(), '/sys/user/register', {
        username: 'newbie',
        password: 'secret12',
        phone: '13900000002',
        smscode: '123456',
      });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('auth.register_disabled');
    });

    it('registers with a phone code once enabled; taken names are refused', async () => {
      await ctx().services.platform.service.update({ registerEnabled: true });
      const [row] = await ctx().db.query(`select value from sys_platform_setting where key = 'platform'`);
      expect(row!.value).toMatchObject({ registerEnabled: true });
      const settings = await ctx().request({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(settings.body.result.registerEnabled).toBe(true);

      expect((await post(ctx(), '/sys/sms', { mobile: '13900000002', smsmode: '0' })).status).toBe(200);
      const code = ctx().smsInbox.get('13900000002')!;
      const body = {
        username: 'newbie',
        password: 'secret12',
        phone: '13900000002',
        smscode: code,
        email: '',
      };
      const wrong = await post(ctx(), '/sys/user/register', {
        ...body,
        smscode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errorCode).toBe('auth.sms_invalid');
      const ok = await post(ctx(), '/sys/user/register', body);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, message: '注册成功', result: { username: 'newbie' } });

      // The new account signs in, but has no roles: an empty menu.
      const loggedIn = await post(ctx(), '/sys/login', { username: 'newbie', password: 'secret12' });
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.body.result.multi_depart).toBe(0);
      const perms = await ctx().request({
        method: 'GET',
        url: '/ics/sys/permission/getUserPermissionByToken',
        headers: auth(loggedIn.body.result.token),
      });
      expect(perms.body.result).toMatchObject({ menu: [], auth: [] });

      // The phone is taken now: no code is sent for it.
      const again = await post(ctx(), '/sys/sms', { mobile: '13900000002', smsmode: '0' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        success: false,
        message: '手机号已被注册',
        errorCode: 'auth.phone_taken',
      });
      const samePhone = await post(ctx(), '/sys/user/register', { ...body, username: 'newbie3' });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body.errorCode).toBe('auth.phone_taken');

      // A taken username (case-insensitively) is refused without using up the code.
      expect((await post(ctx(), '/sys/sms', { mobile: '13900000003', smsmode: '0' })).status).toBe(200);
      const code3 = ctx().smsInbox.get('13900000003')!;
      const taken = await post(ctx(), '/sys/user/register', {
        username: 'NEWBIE',
        password: 'secret12',
        phone: '13900000003',
        smscode: code3,
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({
        success: false,
        message: '用户名已存在',
        errorCode: 'auth.username_taken',
      });
      const second = await post(ctx(), '/sys/user/register', {
        username: 'newbie2',
        password: 'secret12',
        phone: '13900000003',
        smscode: code3,
      });
      expect(second.status).toBe(200);

      const invalid = await post(ctx(), '/sys/user/register', {
        ...body,
        username: 'a b',
        phone: '13900000004',
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.result.field).toBe('username');
    });

    it('resets a forgotten password with a phone code and ends the old sessions', async () => {
      await ctx().createUser({ username: 'forgetful', phone: '13800000005' });
      const oldToken = await ctx().login('forgetful');
      expect((await post(ctx(), '/sys/sms', { mobile: '13800000005', smsmode: '2' })).status).toBe(200);
      const code = ctx().smsInbox.get('13800000005')!;
      const body = { phone: '13800000005', smscode: code, password: 'Fresh#123' };
      const wrong = await post(ctx(), '/sys/user/passwordChange', {
        ...body,
        smscode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errorCode).toBe('auth.sms_invalid');
      const ok = await post(ctx(), '/sys/user/passwordChange', body);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, message: '密码重置成功!' });
      const old = await ctx().request({
        method: 'GET',
        url: '/ics/sys/user/getCurrentUserDeparts',
        headers: auth(oldToken),
      });
      expect(old.status).toBe(401);
      const oldPassword = await ctx().request({
        method: 'POST',
        url: '/ics/sys/login',
        payload: { username: 'forgetful', password: ADMIN_PASSWORD },
        remoteAddress: '10.2.0.1',
      });
      expect(oldPassword.body).toMatchObject({ success: false, errorCode: 'auth.bad_credentials' });
      expect((await post(ctx(), '/sys/login', { username: 'forgetful', password: 'Fresh#123' })).status).toBe(
        200,
      );
      expect((await post(ctx(), '/sys/user/passwordChange', body)).status).toBe(400);
    });

    const validate = (ticket: string, service = SERVICE) =>
      ctx().request({
        method: 'GET',
        url: `/ics/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent(service)}`,
      });

    it('signs in with a CAS ticket the CAS server accepts', async () => {
      const res = await validate('ST-good');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
      expect(res.body.result.userInfo.username).toBe('admin');
      const call = casRequests.at(-1)!;
      expect(call.searchParams.get('service')).toBe(SERVICE);
      const me = await ctx().request({
        method: 'GET',
        url: '/ics/sys/getLoginUser/admin',
        headers: auth(res.body.result.token),
      });
      expect(me.status).toBe(200);
      const settings = await ctx().request({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(settings.body.result.casEnabled).toBe(true);
    });

    it('publishes the CAS address (without its trailing slash) for the console’s logout', async () => {
      const settings = await ctx().request({ method: 'GET', url: '/ics/sys/platform/public' });
      expect(settings.status).toBe(200);
      expect(settings.body.result).toMatchObject({
        casEnabled: true,
        casUrl: `http://127.0.0.1:${casPort}/cas`,
      });
    });

    it('refuses a ticket the CAS server rejects, and an unknown CAS user', async () => {
      const bad = await validate('ST-bad');
      expect(bad.status).toBe(401);
      expect(bad.body).toMatchObject({
        success: false,
        message: 'CAS票据校验失败',
        errorCode: 'auth.cas_failed',
      });
      const ghost = await validate('ST-ghost');
      expect(ghost.status).toBe(401);
      expect(ghost.body).toMatchObject({
        success: false,
        message: 'CAS用户ghost在本系统中不存在',
        errorCode: 'auth.cas_unknown_user',
      });
      const broken = await validate('ST-broken');
      expect(broken.status).toBe(502);
      expect(broken.body.errorCode).toBe('auth.cas_failed');
      const noService = await ctx().request({
        method: 'GET',
        url: '/ics/cas/client/validateLogin?ticket=ST-good',
      });
      expect(noService.status).toBe(400);
      expect(noService.body.result.field).toBe('service');
    });
  },
  { env: () => ({ ICS_CAS_URL: `http://127.0.0.1:${casPort}/cas/` }) },
);
