import { expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';

describeWithApp('permission: data rules restrict lists', (ctx) => {
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx().request({ method, url: `/ics${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
  const usernames = (page: { records: { username: string }[] }) => page.records.map((r) => r.username).sort();

  let admin: string;
  let roleId: string;
  let ruleId: string;

  it('a role granted a rule on the user menu sees only the matching users; admins see all', async () => {
    admin = await ctx().login();
    for (const name of ['dr_ann', 'dr_ben', 'other_cat']) {
      const res = await call(admin, 'POST', '/sys/user/add', {
        username: name,
        realname: name,
        password: 'secret123',
        selecteddeparts: 'dep-ops',
      });
      expect(res.status, res.body.message).toBe(200);
    }
    const role = await call(admin, 'POST', '/sys/role/add', { roleName: '规则角色', roleCode: 'rule_role' });
    roleId = role.body.result.id;
    await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: 'menu-system,menu-system-user',
    });
    const rule = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'menu-system-user',
      ruleName: 'dr users',
      ruleColumn: 'username',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: 'dr_',
    });
    expect(rule.status, rule.body.message).toBe(200);
    ruleId = rule.body.result.id;
    const viewerId = await ctx().createUser({
      username: 'dr_viewer',
      roles: [roleId],
      departs: ['dep-root'],
    });
    const viewer = await ctx().login('dr_viewer');

    // Granted the menu without its rule: every user of the caller's departments.
    const before = (await call(viewer, 'GET', '/sys/user/list?pageSize=100')).body.result;
    expect(usernames(before)).toEqual(expect.arrayContaining(['dr_ann', 'dr_ben', 'other_cat']));

    const granted = await call(admin, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: 'menu-system-user',
      dataRuleIds: ruleId,
    });
    expect(granted.status).toBe(200);
    const query = await call(
      admin,
      'GET',
      `/sys/role/datarule?roleId=${roleId}&permissionId=menu-system-user`,
    );
    expect(query.body.result.drChecked).toEqual([ruleId]);
    expect(query.body.result.datarule.map((r: { id: string }) => r.id)).toEqual([ruleId]);

    const after = (await call(viewer, 'GET', '/sys/user/list?pageSize=100')).body.result;
    expect(usernames(after)).toEqual(['dr_ann', 'dr_ben', 'dr_viewer']);
    // Filters narrow further but never widen past the rule.
    const filtered = await call(viewer, 'GET', '/sys/user/list?username=other_cat');
    expect(filtered.body.result.total).toBe(0);
    const all = (await call(admin, 'GET', '/sys/user/list?pageSize=100')).body.result;
    expect(usernames(all)).toEqual(expect.arrayContaining(['dr_ann', 'dr_ben', 'other_cat']));
    expect(viewerId).toBeTruthy();
  });

  it('applies #{sys_user_code} and IN rules, and a disabled rule no longer restricts', async () => {
    const self = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'menu-system-user',
      ruleName: 'only me',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(self.status, self.body.message).toBe(200);
    await call(admin, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: 'menu-system-user',
      dataRuleIds: `${ruleId},${self.body.result.id}`,
    });
    const viewer = await ctx().login('dr_viewer');
    const mine = (await call(viewer, 'GET', '/sys/user/list')).body.result;
    expect(usernames(mine)).toEqual(['dr_viewer']);

    await call(admin, 'PUT', '/sys/permission/editPermissionRule', {
      id: self.body.result.id,
      permissionId: 'menu-system-user',
      ruleName: 'two users',
      ruleColumn: 'username',
      ruleConditions: 'IN',
      ruleValue: 'dr_ann,other_cat',
    });
    const two = (await call(viewer, 'GET', '/sys/user/list')).body.result;
    // AND with the first rule (dr_*): only dr_ann remains.
    expect(usernames(two)).toEqual(['dr_ann']);
    await call(admin, 'PUT', '/sys/permission/editPermissionRule', {
      id: self.body.result.id,
      permissionId: 'menu-system-user',
      ruleName: 'two users',
      ruleColumn: 'username',
      ruleConditions: 'IN',
      ruleValue: 'dr_ann,other_cat',
      status: '0',
    });
    expect(usernames((await call(viewer, 'GET', '/sys/user/list')).body.result)).toEqual([
      'dr_ann',
      'dr_ben',
      'dr_viewer',
    ]);
  });

  it('restricts a generic list (roles) the same way', async () => {
    await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: 'menu-system,menu-system-user,menu-system-role',
    });
    const rule = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'menu-system-role',
      ruleName: 'not admin',
      ruleColumn: 'roleCode',
      ruleConditions: '!=',
      ruleValue: 'admin',
    });
    expect(rule.status, rule.body.message).toBe(200);
    await call(admin, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: 'menu-system-role',
      dataRuleIds: rule.body.result.id,
    });
    const viewer = await ctx().login('dr_viewer');
    const roles = (await call(viewer, 'GET', '/sys/role/list?pageSize=100')).body.result;
    const codes = roles.records.map((r: { roleCode: string }) => r.roleCode);
    expect(codes).not.toContain('admin');
    expect(codes).toEqual(expect.arrayContaining(['operator', 'viewer', 'rule_role']));
    const adminRoles = (await call(admin, 'GET', '/sys/role/list?pageSize=100')).body.result;
    expect(adminRoles.records.map((r: { roleCode: string }) => r.roleCode)).toContain('admin');
  });

  it('refuses rules that cannot apply at save time with a clear 400', async () => {
    const add = (body: object) =>
      call(admin, 'POST', '/sys/permission/addPermissionRule', {
        permissionId: 'menu-system-user',
        ruleName: 'bad',
        ruleConditions: '=',
        ruleValue: 'x',
        ...body,
      });
    const column = await add({ ruleColumn: 'password_hash' });
    expect(column.status).toBe(400);
    expect(column.body.errorCode).toBe('system.data_rule.bad_column');
    expect(column.body.message).toContain('规则字段“password_hash”不是该菜单列表的可筛选字段');
    const injection = await add({ ruleColumn: 'username; drop table sys_user' });
    expect(injection.status).toBe(400);
    const variable = await add({ ruleColumn: 'username', ruleValue: '#{sys_password}' });
    expect(variable.status).toBe(400);
    expect(variable.body.message).toBe('未知的系统变量：#{sys_password}');
    const number = await add({ ruleColumn: 'sex', ruleValue: 'abc' });
    expect(number.body.errorCode).toBe('system.data_rule.bad_value');
    const sql = await add({ ruleColumn: 'username', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' });
    expect(sql.status).toBe(400);
    expect(sql.body.message).toBe('请选择有效的条件规则');
    const noList = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'menu-system-depart',
      ruleName: 'bad',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: 'x',
    });
    expect(noList.body.errorCode).toBe('system.data_rule.no_list');
    const en = await ctx().request({
      method: 'POST',
      url: '/ics/sys/permission/addPermissionRule',
      headers: { ...auth(admin), 'accept-language': 'en-US' },
      payload: {
        permissionId: 'menu-system-user',
        ruleName: 'bad',
        ruleColumn: 'nope',
        ruleConditions: '=',
        ruleValue: 'x',
      },
    });
    expect(en.body.message).toContain('Rule field "nope" is not a filterable field');
    // A rule of another menu cannot be granted on this one.
    const other = await call(admin, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: 'menu-system-role',
      dataRuleIds: ruleId,
    });
    expect(other.status).toBe(400);
    expect(other.body.errorCode).toBe('system.data_rule.not_of_menu');
  });

  it('needs system:role:authorize to grant rules', async () => {
    const viewer = await ctx().login('dr_viewer');
    const res = await call(viewer, 'POST', '/sys/role/datarule', {
      roleId,
      permissionId: 'menu-system-user',
      dataRuleIds: '',
    });
    expect(res.status).toBe(403);
  });
});
