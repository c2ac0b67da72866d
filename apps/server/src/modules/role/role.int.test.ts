import { expect, it } from 'vitest';
import { adminApi, describeWithApp } from '../../../test/harness';

describeWithApp('role: roles edited by a role editor', (ctx) => {
  const api = adminApi(ctx);

  it('edits a role as a role editor who is not an administrator', async () => {
    const role = await api('POST', '/sys/role/add', { roleName: '巡检员', roleCode: 'patrol' });
    const id = role.body.result.id;
    const editorRole = await api('POST', '/sys/role/add', { roleName: '角色编辑', roleCode: 'role_editor' });
    await api('POST', '/sys/permission/saveRolePermission', {
      roleId: editorRole.body.result.id,
      permissionIds: 'menu-system,menu-system-role,btn-system-role-edit',
      lastpermissionIds: '',
    });
    await api('POST', '/sys/user/add', {
      username: 'roleeditor',
      realname: 'Role editor',
      password: 'secret123',
      selectedroles: editorRole.body.result.id,
    });
    const editor = await ctx().login('roleeditor', 'secret123');
    const edit = await api(
      'PUT',
      '/sys/role/edit',
      { id, roleName: '夜间巡检员', roleCode: 'night_patrol', description: '夜间' },
      editor,
    );
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('编辑成功!');
    expect((await api('GET', `/sys/role/queryById?id=${id}`)).body.result).toMatchObject({
      roleName: '夜间巡检员',
      roleCode: 'night_patrol',
      description: '夜间',
    });
    const taken = await api(
      'PUT',
      '/sys/role/edit',
      { id, roleName: '夜间巡检员', roleCode: 'viewer' },
      editor,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('角色编码已存在');
    const short = await api(
      'PUT',
      '/sys/role/edit',
      { id, roleName: '夜', roleCode: 'night_patrol' },
      editor,
    );
    expect(short.body.message).toBe('角色名称长度为2到30个字符');
    // The editor cannot add or delete roles.
    expect((await api('DELETE', `/sys/role/delete?id=${id}`, undefined, editor)).status).toBe(403);
    expect(
      (await api('POST', '/sys/role/add', { roleName: '新角色', roleCode: 'new_one' }, editor)).status,
    ).toBe(403);
  });
});
