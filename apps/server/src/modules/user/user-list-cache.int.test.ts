import { expect, it } from 'vitest';
import { describeWithApp, type TestApp } from '../../../test/harness';

type UserRow = {
  id: string;
  username: string;
  realname: string;
  status: number;
  status_dictText: string;
  departIds: string;
};
type Page = { records: UserRow[]; total: number };

/**
 * The user list is served from a cache of serialised answers (ResponseCache): these tests prove
 * that a write is visible in the very next request on the same node, and that callers with
 * different scopes never share an answer.
 */
describeWithApp('user list answer cache', (ctx) => {
  let adminToken: string;
  const as = async (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    ctx().request({
      method,
      url: `/ics${url}`,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload }),
    });
  const admin = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    adminToken ??= await ctx().login();
    return as(adminToken, method, url, payload);
  };
  const list = async (token: string, query = 'pageNo=1&pageSize=50') => {
    const res = await as(token, 'GET', `/sys/user/list?${query}&_t=${Date.now()}`);
    expect(res.status).toBe(200);
    return res.body.result as Page;
  };
  const adminList = async (query?: string) => {
    adminToken ??= await ctx().login();
    return list(adminToken, query);
  };
  const byName = (page: Page, username: string) => page.records.find((r) => r.username === username);

  /** A role that may list users (the seeded roles may not), for callers scoped to their departments. */
  const userManagerRole = async (t: TestApp) => {
    await t.db.query(
      `insert into sys_role (id, role_name, role_code) values ('role-cache-test', 'lister', 'cache_lister')
       on conflict do nothing`,
    );
    await t.db.query(
      `insert into sys_role_permission (role_id, permission_id) values ('role-cache-test', 'menu-system-user')
       on conflict do nothing`,
    );
    t.clearCaches();
    return 'role-cache-test';
  };

  it('serves repeated reads from the cache, whatever the cache-buster _t says', async () => {
    const before = await adminList('username=admin');
    expect(before.records[0]?.realname).not.toBe('changed behind its back');
    // Written in SQL, so no request tells the cache: the next reads still answer from it.
    await ctx().db.query(`update sys_user set realname = 'changed behind its back' where username = 'admin'`);
    expect((await adminList('username=admin')).records[0]?.realname).toBe(before.records[0]?.realname);
    // Any writing request clears every cached answer (here one that touches no user).
    expect(
      (await admin('POST', '/sys/dict/add', { dictName: 'cache test', dictCode: 'cache_test' })).status,
    ).toBe(200);
    expect((await adminList('username=admin')).records[0]?.realname).toBe('changed behind its back');
  });

  it('forgets an answer after its time to live (writes made on other API nodes)', async () => {
    await adminList('username=admin');
    await ctx().db.query(`update sys_user set realname = 'from another node' where username = 'admin'`);
    expect((await adminList('username=admin')).records[0]?.realname).not.toBe('from another node');
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await adminList('username=admin')).records[0]?.realname).toBe('from another node');
  });

  it('shows an added, edited, moved and frozen user in the very next list request', async () => {
    const total = (await adminList()).total;
    const add = await admin('POST', '/sys/user/add', {
      username: 'cached1',
      realname: 'Cached One',
      password: 'secret123',
      selectedroles: 'role-viewer',
      selecteddeparts: 'dep-ops',
    });
    expect(add.status).toBe(200);
    const afterAdd = await adminList();
    expect(afterAdd.total).toBe(total + 1);
    const added = byName(afterAdd, 'cached1')!;
    expect(added).toMatchObject({ realname: 'Cached One', departIds: 'dep-ops', status: 1 });

    const edit = await admin('PUT', '/sys/user/edit', {
      id: added.id,
      realname: 'Cached Renamed',
      selecteddeparts: 'dep-monitor',
      selectedroles: 'role-operator',
    });
    expect(edit.status).toBe(200);
    expect(byName(await adminList(), 'cached1')).toMatchObject({
      realname: 'Cached Renamed',
      departIds: 'dep-monitor',
    });

    const freeze = await admin('PUT', '/sys/user/frozenBatch', { ids: added.id, status: 2 });
    expect(freeze.status).toBe(200);
    expect(byName(await adminList(), 'cached1')).toMatchObject({ status: 2, status_dictText: '冻结' });

    expect((await admin('DELETE', `/sys/user/delete?id=${added.id}`)).status).toBe(200);
    const afterDelete = await adminList();
    expect(byName(afterDelete, 'cached1')).toBeUndefined();
    expect(afterDelete.total).toBe(total);
  });

  it('never shows one caller the cached page of another with a different scope', async () => {
    const role = await userManagerRole(ctx());
    await ctx().createUser({ username: 'ops-lister', roles: [role], departs: ['dep-ops'] });
    await ctx().createUser({ username: 'mon-lister', roles: [role], departs: ['dep-monitor'] });
    await ctx().createUser({ username: 'ops-member', departs: ['dep-ops'] });
    await ctx().createUser({ username: 'mon-member', departs: ['dep-monitor'] });
    const ops = await ctx().login('ops-lister');
    const mon = await ctx().login('mon-lister');
    // The same query, one after the other: each answer is built for its caller.
    const query = 'username=*-*&column=username&order=asc';
    const names = (page: Page) => page.records.map((r) => r.username);
    expect(names(await list(ops, query))).toEqual(['ops-lister', 'ops-member']);
    expect(names(await list(mon, query))).toEqual(['mon-lister', 'mon-member']);
    expect(names(await list(ops, query))).toEqual(['ops-lister', 'ops-member']);

    // Moving a caller to another department changes their scope at their very next request.
    const opsId = byName(await adminList('username=ops-lister'), 'ops-lister')!.id;
    expect(
      (
        await admin('PUT', '/sys/user/edit', {
          id: opsId,
          realname: 'ops-lister',
          selecteddeparts: 'dep-monitor',
        })
      ).status,
    ).toBe(200);
    expect(names(await list(ops, query))).toEqual(['mon-lister', 'mon-member', 'ops-lister']);

    // Taking the role away closes the list at once (the mark check is not cached with the answer).
    expect(
      (
        await admin('PUT', '/sys/user/edit', {
          id: opsId,
          realname: 'ops-lister',
          selectedroles: 'role-viewer',
        })
      ).status,
    ).toBe(200);
    expect((await as(ops, 'GET', '/sys/user/list?username=*-*&column=username&order=asc')).status).toBe(403);
  });

  it('keys answers by language', async () => {
    const zh = await as(await ctx().login(), 'GET', '/sys/user/list?username=admin');
    const en = await as(await ctx().login(), 'GET', '/sys/user/list?username=admin&lang=en-US');
    expect(zh.body.message).toBe('操作成功！');
    expect(en.body.message).not.toBe(zh.body.message);
    expect((zh.body.result as Page).records[0]?.status_dictText).toBe('正常');
    expect((en.body.result as Page).records[0]?.status_dictText).not.toBe('正常');
  });
});
