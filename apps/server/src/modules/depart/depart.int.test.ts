import { expect, it } from 'vitest';
import { adminApi, auth, describeWithApp, raceAdds } from '../../../test/harness';

describeWithApp('depart: departments and department roles', (ctx) => {
  const api = adminApi(ctx);
  const race = (url: string, body: Record<string, unknown>, message: string) =>
    raceAdds(api, url, body, message);

  it('builds department codes, refuses deleting departments with users or children', async () => {
    const parent = await api('POST', '/sys/sysDepart/add', { departName: '东区', parentId: 'dep-root' });
    expect(parent.body.result.orgCode).toBe('A01A03');
    const child = await api('POST', '/sys/sysDepart/add', {
      departName: '东区一组',
      parentId: parent.body.result.id,
    });
    expect(child.body.result.orgCode).toBe('A01A03A01');
    const tree = (await api('GET', '/sys/sysDepart/queryTreeList')).body.result;
    expect(tree[0]).toMatchObject({ key: 'dep-root', title: '智慧照明中心', isLeaf: false });
    const withChildren = await api('DELETE', `/sys/sysDepart/delete?id=${parent.body.result.id}`);
    expect(withChildren.status).toBe(400);
    expect(withChildren.body.message).toBe('部门“东区”下还有子部门，不能删除');
    await api('POST', '/sys/user/add', {
      username: 'east1',
      realname: 'East',
      password: 'secret123',
      selecteddeparts: child.body.result.id,
    });
    const withUsers = await api('DELETE', `/sys/sysDepart/delete?id=${child.body.result.id}`);
    expect(withUsers.body.message).toBe('部门“东区一组”下还有用户，不能删除');
    expect((await api('GET', '/sys/sysDepart/searchBy?keyWord=东区')).body.result).toHaveLength(2);
    const users = (await api('GET', `/sys/user/queryUserByDepId?id=${child.body.result.id}`)).body.result;
    expect(users.map((u: { username: string }) => u.username)).toEqual(['east1']);
    const mine = (await api('GET', '/sys/sysDepart/queryMyDeptTreeList')).body.result;
    expect(mine[0].key).toBe('dep-root');
  });

  it('grants department-role permissions within the department', async () => {
    await api('POST', '/sys/permission/saveDepartPermission', {
      departId: 'dep-ops',
      permissionIds: 'menu-system,menu-system-log',
    });
    const role = await api('POST', '/sys/sysDepartRole/add', {
      departId: 'dep-ops',
      roleName: '值班',
      roleCode: 'duty',
    });
    const outside = await api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: role.body.result.id,
      permissionIds: 'menu-system-user',
    });
    expect(outside.status).toBe(400);
    await api('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: role.body.result.id,
      permissionIds: 'menu-system,menu-system-log',
    });
    const add = await api('POST', '/sys/user/add', {
      username: 'duty1',
      realname: 'Duty',
      password: 'secret123',
      selecteddeparts: 'dep-ops',
    });
    await api('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: add.body.result.id,
      departId: 'dep-ops',
      roleIds: role.body.result.id,
    });
    const token = await ctx().login('duty1', 'secret123');
    const logs = await ctx().request({
      method: 'GET',
      url: '/ics/sys/log/list',
      headers: { 'x-access-token': token },
    });
    expect(logs.status).toBe(200);
    const users = await ctx().request({
      method: 'GET',
      url: '/ics/sys/user/list',
      headers: { 'x-access-token': token },
    });
    expect(users.status).toBe(403);
  });

  it('lets only one of two simultaneous adds of the same department role code succeed', async () => {
    await race(
      '/sys/sysDepartRole/add',
      { departId: 'dep-ops', roleName: '夜班', roleCode: 'night' },
      '部门角色编码已存在',
    );
    // The code is unique per department: another department may use it.
    const elsewhere = await api('POST', '/sys/sysDepartRole/add', {
      departId: 'dep-monitor',
      roleName: '夜班',
      roleCode: 'night',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('names the missing department name in both languages, on add and on edit', async () => {
    const empty = await api('POST', '/sys/sysDepart/add', { departName: '  ', parentId: 'dep-root' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: '请输入机构名称!' });
    const absent = await api('POST', '/sys/sysDepart/add', { parentId: 'dep-root' });
    expect(absent.status).toBe(400);
    expect(absent.body.message).toBe('请输入机构名称!');
    const en = await ctx().request({
      method: 'POST',
      url: '/ics/sys/sysDepart/add',
      headers: { ...auth(await ctx().login()), 'accept-language': 'en-US' },
      payload: { departName: '', parentId: 'dep-root' },
    });
    expect(en.body.message).toBe('Please enter the department name!');
    const edit = await api('PUT', '/sys/sysDepart/edit', { id: 'dep-ops', departName: '' });
    expect(edit.body.message).toBe('请输入机构名称!');
    expect((await api('GET', '/sys/sysDepart/searchBy?keyWord=运维部')).body.result).toHaveLength(1);
  });
});
