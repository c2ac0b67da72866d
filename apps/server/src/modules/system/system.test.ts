import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness';

describeWithApp('system: menu nodes carry the button marks the user holds', (ctx) => {
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
});
