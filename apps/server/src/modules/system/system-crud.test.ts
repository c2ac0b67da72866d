import { expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../test/harness';

type Ctx = () => TestApp;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function client(ctx: Ctx) {
  let adminToken: string | undefined;
  return async (method: Method, url: string, payload?: unknown, token?: string) => {
    adminToken ??= await ctx().login();
    return ctx().request({
      method,
      url: `/ics${url}`,
      headers: auth(token ?? adminToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
}

describeWithApp('system: uniqueness under concurrent adds, round trips, required fields', (ctx) => {
  const api = client(ctx);

  /** Sends the same add twice at once: exactly one wins, the other gets 409 and `message`. */
  const race = async (url: string, body: Record<string, unknown>, message: string) => {
    const results = await Promise.all([api('POST', url, body), api('POST', url, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409)!;
    expect(lost.body).toMatchObject({ success: false, code: 409, message });
    return results.find((r) => r.status === 200)!.body.result as { id: string };
  };

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
    expect(node).toMatchObject({ name: 'Round trip: start', perms: 'roundtrip:job:start', sortNo: 3 });
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
