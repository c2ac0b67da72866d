import { expect, it } from 'vitest';
import { adminApi, describeWithApp, raceAdds } from '../../../test/harness';

describeWithApp('permission: menus, buttons and their marks', (ctx) => {
  const api = adminApi(ctx);
  const race = (url: string, body: Record<string, unknown>, message: string) =>
    raceAdds(api, url, body, message);

  it('seeds the System menu and normalises menus on save', async () => {
    const tree = (await api('GET', '/sys/permission/list')).body.result;
    const system = tree.find((n: { id: string }) => n.id === 'menu-system');
    // Display names in `name` (what Jeecg consoles show), the stored key in `nameKey`.
    expect(system).toMatchObject({
      component: 'layouts/RouteView',
      title: '系统管理',
      name: '系统管理',
      nameKey: 'menu.system',
    });
    expect(system.children.map((c: { url: string }) => c.url)).toContain('/system/announcement');
    const add = await api('POST', '/sys/permission/add', {
      name: 'Reports test',
      url: 'reporttest',
      menuType: 0,
    });
    expect(add.status).toBe(200);
    const child = await api('POST', '/sys/permission/add', {
      name: 'Child',
      parentId: add.body.result.id,
      url: '/reporttest/child',
      component: '/views/report/Child.vue',
      menuType: 1,
      perms: 'report:test:list',
    });
    const rows = (await api('GET', `/sys/permission/getSystemSubmenu?parentId=${add.body.result.id}`)).body
      .result;
    expect(rows[0]).toMatchObject({ component: 'report/Child', url: '/reporttest/child' });
    const top = (await api('GET', '/sys/permission/getSystemMenuList')).body.result.find(
      (r: { id: string }) => r.id === add.body.result.id,
    );
    expect(top).toMatchObject({ component: 'layouts/RouteView', url: '/reporttest' });
    const dup = await api('POST', '/sys/permission/add', {
      name: 'Dup',
      menuType: 2,
      perms: 'report:test:list',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('授权标识已存在');
    const refused = await api('DELETE', `/sys/permission/delete?id=${add.body.result.id}`);
    expect(refused.status).toBe(400);
    await api('DELETE', `/sys/permission/delete?id=${child.body.result.id}`);
    expect((await api('DELETE', `/sys/permission/delete?id=${add.body.result.id}`)).status).toBe(200);
  });

  it('lets only one of two simultaneous adds of the same menu mark succeed', async () => {
    const won = await race(
      '/sys/permission/add',
      { name: 'Race button', parentId: 'menu-system-user', menuType: 2, perms: 'system:user:race' },
      '授权标识已存在',
    );
    const rows = await ctx().db.query("select id from sys_permission where perms = 'system:user:race'");
    expect(rows).toEqual([{ id: won.id }]);
  });

  it('edits a menu button: the new mark reaches its holders at the next permission load, the old one is gone', async () => {
    const menu = await api('POST', '/sys/permission/add', {
      name: 'Round trip',
      url: '/roundtrip',
      menuType: 0,
      sortNo: 50,
    });
    const button = await api('POST', '/sys/permission/add', {
      name: 'Round trip: run',
      parentId: menu.body.result.id,
      menuType: 2,
      perms: 'roundtrip:job:run',
    });
    expect(button.status).toBe(200);
    const role = await api('POST', '/sys/role/add', { roleName: 'Round trip', roleCode: 'roundtrip' });
    await api('POST', '/sys/permission/saveRolePermission', {
      roleId: role.body.result.id,
      permissionIds: `${menu.body.result.id},${button.body.result.id}`,
      lastpermissionIds: '',
    });
    await api('POST', '/sys/user/add', {
      username: 'roundtripper',
      realname: 'Round',
      password: 'secret123',
      selectedroles: role.body.result.id,
    });
    const token = await ctx().login('roundtripper', 'secret123');
    const actions = async () =>
      (await api('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).body.result.auth.map(
        (a: { action: string }) => a.action,
      );
    expect(await actions()).toEqual(['roundtrip:job:run']);

    const edit = await api('PUT', '/sys/permission/edit', {
      id: button.body.result.id,
      name: 'Round trip: start',
      parentId: menu.body.result.id,
      menuType: 2,
      perms: 'roundtrip:job:start',
      sortNo: 3,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('编辑成功!');
    const node = (await api('GET', '/sys/permission/list')).body.result
      .find((n: { id: string }) => n.id === menu.body.result.id)
      .children.find((n: { id: string }) => n.id === button.body.result.id);
    expect(node).toMatchObject({
      name: 'Round trip: start',
      nameKey: 'Round trip: start',
      perms: 'roundtrip:job:start',
      sortNo: 3,
    });
    expect(await actions()).toEqual(['roundtrip:job:start']);

    // Taking a mark that exists already is refused with the field's message.
    const taken = await api('PUT', '/sys/permission/edit', {
      id: button.body.result.id,
      name: 'Round trip: start',
      parentId: menu.body.result.id,
      menuType: 2,
      perms: 'system:user:add',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('授权标识已存在');
    const missing = await api('PUT', '/sys/permission/edit', { id: 'no-such-id', name: 'x', menuType: 1 });
    expect(missing.status).toBe(404);

    expect((await api('DELETE', `/sys/permission/delete?id=${button.body.result.id}`)).status).toBe(200);
    expect(await actions()).toEqual([]);
    expect((await api('DELETE', `/sys/permission/delete?id=${menu.body.result.id}`)).status).toBe(200);
    expect(
      (await api('GET', '/sys/permission/list')).body.result.some(
        (n: { id: string }) => n.id === menu.body.result.id,
      ),
    ).toBe(false);
  });
});

describeWithApp('permission: menu nodes carry the button marks the user holds', (ctx) => {
  it('fills meta.permissionList with held, honoured button marks under each menu', async () => {
    await ctx().db.query(
      `insert into sys_role (id, role_name, role_code) values ('role-pl-test', 'PL test', 'pl_test')`,
    );
    // A disable-only mark (type "2") under the same menu: the `has` rule ignores it.
    await ctx().db.query(
      `insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no)
       values ('btn-pl-disable-only', 'menu-system-user', 'Disable only', 2, 'system:user:pl-disable', '2', '1', 99)`,
    );
    await ctx().db.query(
      `insert into sys_role_permission (role_id, permission_id) values
         ('role-pl-test', 'menu-system'), ('role-pl-test', 'menu-system-user'),
         ('role-pl-test', 'btn-system-user-add'), ('role-pl-test', 'btn-system-user-export'),
         ('role-pl-test', 'btn-pl-disable-only')`,
    );
    await ctx().createUser({ username: 'plholder', roles: ['role-pl-test'] });
    ctx().clearCaches();
    const res = await ctx().request({
      method: 'GET',
      url: '/ics/sys/permission/getUserPermissionByToken?lang=en-US',
      headers: { 'x-access-token': await ctx().login('plholder') },
    });
    expect(res.status).toBe(200);
    const system = res.body.result.menu.find((m: { id: string }) => m.id === 'menu-system');
    const users = system.children.find((m: { id: string }) => m.id === 'menu-system-user');
    expect(users.meta.permissionList.map((p: { action: string }) => p.action)).toEqual([
      'system:user:add',
      'system:user:export',
    ]);
    expect(users.meta.permissionList[0]).toEqual({
      action: 'system:user:add',
      type: '1',
      describe: expect.any(String),
    });
    // A menu without held buttons names none (so the console shows it to whoever sees it).
    expect(system.meta.permissionList).toBeUndefined();

    // The administrator holds every button of the user menu.
    const admin = await ctx().request({
      method: 'GET',
      url: '/ics/sys/permission/getUserPermissionByToken',
      headers: { 'x-access-token': await ctx().login() },
    });
    const adminUsers = admin.body.result.menu
      .find((m: { id: string }) => m.id === 'menu-system')
      .children.find((m: { id: string }) => m.id === 'menu-system-user');
    expect(adminUsers.meta.permissionList.map((p: { action: string }) => p.action)).toEqual(
      expect.arrayContaining(['system:user:add', 'system:user:edit', 'system:user:delete']),
    );
    expect(adminUsers.meta.permissionList.map((p: { action: string }) => p.action)).not.toContain(
      'system:user:pl-disable',
    );
  });

  it('the device test console has its menu entry, with its mark, in both languages', async () => {
    const menuOf = async (lang: string) => {
      const res = await ctx().request({
        method: 'GET',
        url: `/ics/sys/permission/getUserPermissionByToken?lang=${lang}`,
        headers: { 'x-access-token': await ctx().login() },
      });
      return res.body.result.menu.find((m: { path?: string }) => m.path === '/test/TestSpecial');
    };
    const zh = await menuOf('zh-CN');
    expect(zh).toMatchObject({ meta: { title: '调试' } });
    expect((await menuOf('en-US')).meta.title).toBe('Device test console');
    const all = (await adminApi(ctx)('GET', '/sys/permission/list')).body.result;
    const entry = all.find((n: { id: string }) => n.id === 'menu-test');
    expect(entry).toMatchObject({ url: '/test/TestSpecial' });
    expect(entry.children.map((c: { perms: string }) => c.perms)).toEqual(['test:device:command']);
  });
});
