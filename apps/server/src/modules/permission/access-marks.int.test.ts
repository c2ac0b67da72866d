import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../test/harness';
import { splitStatements } from '../../db/migrate';
import { routesOf } from '../../http/routes';

type Ctx = () => TestApp;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A role holding exactly the given permission rows (ids of 0021_system_menu.sql), and a user with it. */
async function userWithGrants(ctx: Ctx, name: string, permissionIds: string[]): Promise<string> {
  await ctx().db.query('insert into sys_role (id, role_name, role_code) values ($1, $1, $1)', [
    `role-${name}`,
  ]);
  for (const id of permissionIds)
    await ctx().db.query('insert into sys_role_permission (role_id, permission_id) values ($1, $2)', [
      `role-${name}`,
      id,
    ]);
  await ctx().createUser({ username: name, roles: [`role-${name}`] });
  ctx().clearCaches();
  return ctx().login(name);
}

function caller(ctx: Ctx) {
  return (token: string) => (method: Method, url: string, payload?: Record<string, unknown>) =>
    ctx().request({
      method,
      url: `/ics${url}`,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload }),
    });
}

describeWithApp('permission: access marks', (ctx) => {
  const as = caller(ctx);
  const viewer = async () => {
    await ctx()
      .createUser({ username: 'acc_viewer', roles: ['role-viewer'] })
      .catch(() => undefined);
    return as(await ctx().login('acc_viewer'));
  };
  const admin = async () => as(await ctx().login());

  it('refuses every /sys route guarded by a system:* mark to a viewer lacking it, before reading the input', async () => {
    const call = await viewer();
    const viewerId = (
      await ctx().db.query<{ id: string }>("select id from sys_user where username = 'acc_viewer'")
    )[0]!.id;
    const guarded = routesOf(ctx().app).filter(
      (r) =>
        r.url.startsWith('/ics/sys/') && typeof r.access === 'object' && r.access.mark.startsWith('system:'),
    );
    // Every module of the System menu is in the table, user add included.
    const urls = new Set(guarded.map((r) => r.url));
    for (const url of [
      '/ics/sys/user/add',
      '/ics/sys/role/list',
      '/ics/sys/permission/edit',
      '/ics/sys/sysDepart/add',
      '/ics/sys/dict/refleshCache',
      '/ics/sys/dictItem/delete',
      '/ics/sys/annountCement/add',
      '/ics/sys/project/list',
      '/ics/sys/i18n/exportXls',
      '/ics/sys/platform/settings',
      '/ics/sys/log/list',
      '/ics/sys/checkRule/add',
    ])
      expect(urls).toContain(url);
    const failures: string[] = [];
    let calls = 0;
    for (const route of guarded) {
      const mark = (route.access as { mark: string }).mark;
      if (await ctx().services.permission.service.hasMark(viewerId, mark)) {
        failures.push(`the viewer holds ${mark}: ${route.url} proves nothing`);
        continue;
      }
      const url = route.url.slice('/ics'.length).replace(/:(\w+)/g, 'x');
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        calls += 1;
        const res = await call(method as Method, url);
        if (res.status !== 403 || res.body.errorCode !== 'auth.forbidden' || res.body.success !== false)
          failures.push(`${method} ${url}: ${res.status} ${res.body.errorCode}`);
        else if (res.body.result?.mark !== mark)
          failures.push(`${method} ${url}: names ${res.body.result?.mark}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(100);

    // A complete, valid form is refused just the same, and nothing is written.
    const add = await call('POST', '/sys/user/add', {
      username: 'sneaky',
      realname: 'Sneaky',
      password: 'secret123',
      selectedroles: 'role-admin',
    });
    expect(add.status).toBe(403);
    expect(add.body).toMatchObject({ success: false, code: 403, errorCode: 'auth.forbidden' });
    expect(await ctx().db.query("select 1 from sys_user where username = 'sneaky'")).toEqual([]);
  });

  it('serves a table dictionary only to callers holding the list mark of that table', async () => {
    const call = await viewer();
    const users = '/sys/dict/getDictItems/sys_user,realname,username';
    const refused = await call('GET', users);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      code: 403,
      message: '没有权限，请联系管理员授权',
      errorCode: 'auth.forbidden',
      result: { mark: 'system:user:list' },
    });
    expect(JSON.stringify(refused.body)).not.toContain('acc_viewer');
    for (const [table, mark] of [
      ['sys_depart,depart_name,id', 'system:depart:list'],
      ['sys_role,role_name,role_code', 'system:role:list'],
      ['sys_project,name,code', 'system:project:list'],
    ] as const) {
      const res = await call('GET', `/sys/dict/getDictItems/${table}`);
      expect(res.status, table).toBe(403);
      expect(res.body.result).toEqual({ mark });
    }
    // Ordinary dictionaries stay open to every signed-in user.
    const sex = await call('GET', '/sys/dict/getDictItems/sex');
    expect(sex.status).toBe(200);
    expect(sex.body.result.map((o: { value: string }) => o.value)).toEqual(['1', '2']);

    const byAdmin = await (await admin())('GET', users);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.result).toContainEqual({
      value: 'acc_viewer',
      text: 'acc_viewer',
      title: 'acc_viewer',
    });

    // The user list mark opens the users, not the departments.
    const lister = as(await userWithGrants(ctx, 'acc_lister', ['menu-system', 'menu-system-user']));
    expect((await lister('GET', users)).status).toBe(200);
    expect((await lister('GET', '/sys/dict/getDictItems/sys_depart,depart_name,id')).status).toBe(403);
  });

  it('checks duplicates only for callers holding the add or edit mark of that table', async () => {
    await ctx().db.query(
      "update sys_user set phone = '13900000001', email = 'known@example.com' where username = 'admin'",
    );
    const call = await viewer();
    const phone = '/sys/duplicate/check?tableName=sys_user&fieldName=phone&fieldVal=13900000001';
    const refused = await call('GET', phone);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'auth.forbidden' });
    expect(refused.body.message).toBe('没有权限，请联系管理员授权');
    expect(
      (
        await call(
          'GET',
          '/sys/duplicate/check?tableName=sys_user&fieldName=email&fieldVal=known@example.com',
        )
      ).status,
    ).toBe(403);
    for (const query of [
      'tableName=sys_role&fieldName=roleCode&fieldVal=admin',
      'tableName=sys_permission&fieldName=perms&fieldVal=system:user:list',
      'tableName=sys_dict&fieldName=dictCode&fieldVal=sex',
      'tableName=sys_depart&fieldName=orgCode&fieldVal=A01',
      'tableName=sys_project&fieldName=code&fieldVal=X',
      'tableName=sys_check_rule&fieldName=ruleCode&fieldVal=X',
    ])
      expect((await call('GET', `/sys/duplicate/check?${query}`)).status, query).toBe(403);

    const byAdmin = await (await admin())('GET', phone);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });

    // The user edit mark alone is enough for the user form, and only for it.
    const editor = as(
      await userWithGrants(ctx, 'acc_editor', ['menu-system', 'menu-system-user', 'btn-system-user-edit']),
    );
    expect((await editor('GET', phone)).body.errorCode).toBe('system.duplicate.taken');
    const free = await editor(
      'GET',
      '/sys/duplicate/check?tableName=sys_user&fieldName=phone&fieldVal=13900000009',
    );
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    expect(
      (await editor('GET', '/sys/duplicate/check?tableName=sys_role&fieldName=roleCode&fieldVal=x')).status,
    ).toBe(403);
  });

  it('refreshes the server caches only for callers allowed to edit dictionaries', async () => {
    const call = await viewer();
    expect((await call('GET', '/sys/dict/refleshCache')).status).toBe(403);
    const reader = as(await userWithGrants(ctx, 'acc_dict_reader', ['menu-system', 'menu-system-dict']));
    expect((await reader('GET', '/sys/dict/list')).status).toBe(200);
    const refused = await reader('GET', '/sys/dict/refleshCache');
    expect(refused.status).toBe(403);
    expect(refused.body.result).toEqual({ mark: 'system:dict:edit' });
    const done = await (await admin())('GET', '/sys/dict/refleshCache');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('刷新缓存完成！');
  });

  it('exports dictionaries, translations and logs only with their export marks', async () => {
    const lists = ['menu-system', 'menu-system-dict', 'menu-system-i18n', 'menu-system-log'];
    const reader = as(await userWithGrants(ctx, 'acc_list_only', lists));
    const exporter = as(
      await userWithGrants(ctx, 'acc_exporter', [
        ...lists,
        'btn-system-dict-export',
        'btn-system-i18n-export',
        'btn-system-log-export',
      ]),
    );
    const download = async (token: string, url: string) =>
      ctx().app.inject({ method: 'GET', url: `/ics${url}`, headers: auth(token) });
    const readerToken = await ctx().login('acc_list_only');
    const exporterToken = await ctx().login('acc_exporter');
    for (const [list, url, mark] of [
      ['/sys/dict/list', '/sys/dict/exportXls', 'system:dict:export'],
      ['/sys/i18n/list', '/sys/i18n/exportXls', 'system:i18n:export'],
      ['/sys/log/list', '/sys/log/exportXls?logType=1', 'system:log:export'],
    ] as const) {
      expect((await reader('GET', list)).status, list).toBe(200);
      const refused = await download(readerToken, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'auth.forbidden', result: { mark } });
      const ok = await download(exporterToken, url);
      expect(ok.statusCode, url).toBe(200);
      expect(ok.headers['content-type']).toContain('spreadsheetml');
      expect((await exporter('GET', list)).status).toBe(200);
    }
    const adminToken = await ctx().login();
    for (const url of [
      '/sys/dict/exportXls',
      '/sys/i18n/exportXls',
      '/sys/log/exportXls',
      '/sys/annountCement/exportXls',
    ])
      expect((await download(adminToken, url)).statusCode, url).toBe(200);
  });

  it('keeps the export right of roles that held a list before the export marks existed', async () => {
    await ctx().db.query(
      "insert into sys_role (id, role_name, role_code) values ('role-old-dict', 'Old dict', 'old_dict')",
    );
    await ctx().db.query(
      `insert into sys_role_permission (role_id, permission_id) values
         ('role-old-dict', 'menu-system'), ('role-old-dict', 'menu-system-dict'), ('role-old-dict', 'menu-system-log')`,
    );
    await ctx().db.query(
      "insert into sys_depart_permission (depart_id, permission_id) values ('dep-ops', 'menu-system-i18n')",
    );
    // The migration as it runs on an installation where these grants exist already.
    const sql = readFileSync(new URL('../../db/migrations/0024_export_marks.sql', import.meta.url), 'utf8');
    for (const statement of splitStatements(sql)) await ctx().db.query(statement);
    const granted = async (table: string, owner: string, id: string) =>
      (await ctx().db.query(`select permission_id from ${table} where ${owner} = $1 order by 1`, [id])).map(
        (r) => (r as { permission_id: string }).permission_id,
      );
    expect(await granted('sys_role_permission', 'role_id', 'role-old-dict')).toEqual([
      'btn-system-dict-export',
      'btn-system-log-export',
      'menu-system',
      'menu-system-dict',
      'menu-system-log',
    ]);
    expect(await granted('sys_depart_permission', 'depart_id', 'dep-ops')).toContain(
      'btn-system-i18n-export',
    );
    // Nothing new for roles that held none of these lists.
    expect(await granted('sys_role_permission', 'role_id', 'role-viewer')).not.toContain(
      'btn-system-dict-export',
    );
    expect(await granted('sys_role_permission', 'role_id', 'role-admin')).toEqual(
      expect.arrayContaining(['btn-system-dict-export', 'perm-announcement-export']),
    );
  });
});
