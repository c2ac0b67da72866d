import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, describeWithApp } from '../../../test/harness';

describeWithApp('session', (ctx) => {
  it('signs in with the admin password and returns the login result without secrets', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(typeof res.body.result.token).toBe('string');
    expect(res.body.result.userInfo.username).toBe('admin');
    expect(res.body.result.multi_depart).toBe(1);
    expect(res.body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('rejects a wrong password with 401 and the contract message', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      code: 401,
      message: '用户名或密码错误',
      errorCode: 'auth.bad_credentials',
    });
  });

  it('revokes the token on logout', async () => {
    const token = await ctx().login();
    const headers = { 'x-access-token': token };
    const before = await ctx().request({
      method: 'GET',
      url: '/ics/sys/user/getCurrentUserDeparts',
      headers,
    });
    expect(before.status).toBe(200);
    const out = await ctx().request({ method: 'POST', url: '/ics/sys/logout', headers });
    expect(out.body.message).toBe('退出登录成功！');
    const after = await ctx().request({ method: 'GET', url: '/ics/sys/user/getCurrentUserDeparts', headers });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('auth.token_invalid');
  });
});
