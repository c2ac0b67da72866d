import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, describeWithApp, type TestApp, testPng } from '../harness';

/**
 * The calls an unmodified JeecgBoot 2.4.x console (ant-design-vue-jeecg) makes on its sign-in,
 * home, menu, user, role, department, dictionary and announcement pages, replayed against ICS,
 * asserting the parts of each answer that console reads (docs/jeecg-console.md).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The console's request: X-Access-Token, `_t` on every GET but getDictItems, JSON bodies. */
function consoleOf(ctx: () => TestApp, basePath = '/ics') {
  let token = '';
  const call = (method: Method, url: string, payload?: unknown) => {
    const withT =
      method === 'GET' && !url.includes('/getDictItems/')
        ? `${url}${url.includes('?') ? '&' : '?'}_t=${Math.floor(Date.now() / 1000)}`
        : url;
    return ctx().request({
      method,
      url: `${basePath}${withT}`,
      headers: token ? auth(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
  return {
    call,
    /** `Login` in store/modules/user.js: only `code == 200` is a success. */
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('POST', '/sys/login', {
        username,
        password,
        captcha: '',
        checkKey: Date.now(),
        remember_me: true,
      });
      if (res.body.code === 200) token = res.body.result.token;
      return res;
    },
  };
}

/** A multipart body with one file field, as the console's upload components send it. */
function multipart(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = '----JeecgConsoleBoundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  const tail = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ntemp\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(tail)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const pngBytes = () => Buffer.from(testPng().split(',')[1]!, 'base64');

describeWithApp('JeecgBoot 2.x console against ICS', (ctx) => {
  const jeecg = consoleOf(ctx);
  const { call } = jeecg;

  it('signs in as the console does, and declines a wrong password without an HTTP error', async () => {
    const key = String(Date.now());
    const captcha = await call('GET', `/sys/randomImage/${key}`);
    expect(captcha.status).toBe(200);
    expect(captcha.body.result).toMatch(/^data:image\//);

    const wrong = await ctx().request({
      method: 'POST',
      url: '/ics/sys/login',
      payload: { username: 'admin', password: 'not-it', captcha: '', checkKey: key, remember_me: true },
      remoteAddress: '10.28.0.1',
    });
    // The console's Login action rejects anything but code 200, and shows `message`.
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(wrong.body.code).not.toBe(200);

    const res = await jeecg.login();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const { result } = res.body;
    expect(typeof result.token).toBe('string');
    expect(result.userInfo).toMatchObject({ id: 'user-admin', username: 'admin' });
    expect(result.userInfo).not.toHaveProperty('password');
    expect(Array.isArray(result.departs)).toBe(true);
    expect([0, 1, 2]).toContain(result.multi_depart);
    // UI_CACHE_DB_DICT_DATA: {code: [{value, text, title}]}, with the dictionaries its pages read.
    for (const code of [
      'sex',
      'user_status',
      'operate_type',
      'log_type',
      'global_perms_type',
      'activiti_sync',
    ])
      expect(result.sysAllDictItems[code], code).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            value: expect.any(String),
            text: expect.any(String),
            title: expect.any(String),
          }),
        ]),
      );
    // A missing or wrong token is still 401 everywhere.
    const anonymous = await ctx().request({ method: 'GET', url: '/ics/sys/user/list' });
    expect(anonymous.status).toBe(401);
    const bad = await ctx().request({ method: 'GET', url: '/ics/sys/user/list', headers: auth('nope') });
    expect(bad.status).toBe(401);
  });

  it('serves the home page counters and the menu the console builds its routes from', async () => {
    const loginfo = await call('GET', '/sys/loginfo');
    expect(loginfo.body.result).toMatchObject({
      totalVisitCount: expect.any(Number),
      todayVisitCount: expect.any(Number),
      todayIp: expect.any(Number),
    });
    const visits = await call('GET', '/sys/visitInfo');
    expect(visits.body.result[0]).toMatchObject({ visit: expect.any(Number), tian: expect.any(String) });

    const permissions = await call('GET', '/sys/permission/getUserPermissionByToken');
    expect(permissions.status).toBe(200);
    const { menu, auth: granted, allAuth } = permissions.body.result;
    expect(Array.isArray(granted) && Array.isArray(allAuth)).toBe(true);
    const flat = (nodes: { children?: unknown[] }[]): Record<string, unknown>[] =>
      nodes.flatMap((n) => [
        n as Record<string, unknown>,
        ...flat((n.children ?? []) as { children?: unknown[] }[]),
      ]);
    const all = flat(menu);
    for (const node of all) {
      expect(node).toMatchObject({ path: expect.any(String), component: expect.any(String) });
      expect((node.meta as { title: string }).title).not.toMatch(/^menu\./);
    }
    // The console loads views/<component>.vue: its announcement page is SysAnnouncementList.
    const announcement = all.find((n) => n.path === '/system/announcement');
    expect(announcement).toMatchObject({ component: 'system/SysAnnouncementList' });
    expect(granted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'system:user:add', type: expect.any(String) }),
      ]),
    );
  });

  it('shows display names on the menu page and loads its tree level by level', async () => {
    const list = await call('GET', '/sys/permission/list');
    const system = list.body.result.find((n: { id: string }) => n.id === 'menu-system');
    expect(system).toMatchObject({ name: '系统管理', nameKey: 'menu.system' });
    const en = await ctx().request({
      method: 'GET',
      url: '/ics/sys/permission/list',
      headers: { ...auth(await ctx().login()), 'accept-language': 'en-US' },
    });
    expect(en.body.result.find((n: { id: string }) => n.id === 'menu-system').name).toBe('System');

    const roots = await call('GET', '/sys/permission/queryListAsync');
    const systemNode = roots.body.result.find((n: { key: string }) => n.key === 'menu-system');
    expect(systemNode).toMatchObject({ title: '系统管理', isLeaf: false });
    const children = await call('GET', '/sys/permission/queryListAsync?pid=menu-system');
    expect(children.body.result.map((n: { parentId: string }) => n.parentId)).toEqual(
      children.body.result.map(() => 'menu-system'),
    );
    expect(children.body.result.length).toBeGreaterThan(3);
    const tree = await call('GET', '/sys/permission/queryTreeList');
    expect(tree.body.result).toMatchObject({ treeList: expect.any(Array), ids: expect.any(Array) });
    const treeSystem = tree.body.result.treeList.find((n: { key: string }) => n.key === 'menu-system');
    expect(treeSystem.title).toBe('系统管理');
  });

  it('lists, adds and edits users; an edit without departments keeps them', async () => {
    const page = await call(
      'GET',
      '/sys/user/list?column=createTime&order=desc&field=id,,,avatar,username&pageNo=1&pageSize=10',
    );
    expect(page.body.result).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
    const admin = page.body.result.records.find((r: { username: string }) => r.username === 'admin');
    expect(admin).toMatchObject({ status_dictText: expect.any(String), orgCodeTxt: expect.any(String) });

    // The user form: roles, the user's departments, tenants, and the checks of its fields.
    const roles = await call('GET', '/sys/role/queryall');
    expect(roles.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'role-viewer', roleName: expect.any(String) })]),
    );
    expect((await call('GET', '/sys/tenant/queryList')).body).toMatchObject({ success: true, result: [] });
    expect((await call('GET', '/sys/user/generateUserId')).body.result).toMatch(/^[0-9a-f]{32}$/);
    expect((await call('GET', '/sys/user/checkOnlyUser?username=jeecg_amy')).body.success).toBe(true);
    const dup = await call(
      'GET',
      '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin&dataId=',
    );
    expect(dup.status).toBe(200);
    expect(dup.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });

    const add = await call('POST', '/sys/user/add', {
      username: 'jeecg_amy',
      realname: 'Amy',
      password: 'Secret#123',
      confirmpassword: 'Secret#123',
      selectedroles: 'role-viewer',
      selecteddeparts: 'dep-ops,dep-monitor',
      userIdentity: 1,
      departIds: 'dep-ops,dep-monitor',
    });
    expect(add.body.success).toBe(true);
    const id = (await call('GET', '/sys/user/list?username=jeecg_amy')).body.result.records[0].id;
    const departs = await call('GET', `/sys/user/userDepartList?userId=${id}`);
    expect(departs.body).toMatchObject({ success: true });
    expect(departs.body.result.map((d: { key: string }) => d.key).sort()).toEqual(['dep-monitor', 'dep-ops']);
    expect(departs.body.result[0]).toEqual({ key: expect.any(String), title: expect.any(String) });
    expect((await call('GET', `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual(['role-viewer']);

    // An edit that does not send the departments leaves them as they are ...
    const edit = await call('PUT', '/sys/user/edit', {
      id,
      username: 'jeecg_amy',
      realname: 'Amy B.',
      selectedroles: 'role-viewer',
    });
    expect(edit.body.success).toBe(true);
    const kept = await call('GET', `/sys/user/userDepartList?userId=${id}`);
    expect(kept.body.result.map((d: { key: string }) => d.key).sort()).toEqual(['dep-monitor', 'dep-ops']);
    // ... as the form does after reading them; only an explicit value changes them.
    await call('PUT', '/sys/user/edit', { id, realname: 'Amy B.', selecteddeparts: 'dep-ops' });
    expect((await call('GET', `/sys/user/userDepartList?userId=${id}`)).body.result).toEqual([
      { key: 'dep-ops', title: '运维部' },
    ]);
    await call('PUT', '/sys/user/edit', { id, realname: 'Amy B.', selecteddeparts: '' });
    expect((await call('GET', `/sys/user/userDepartList?userId=${id}`)).body.result).toEqual([]);
    await call('PUT', '/sys/user/edit', { id, realname: 'Amy B.', selecteddeparts: 'dep-ops' });

    expect((await call('GET', '/sys/user/userDepartList?userId=no-such-user')).status).toBe(404);
    expect((await call('GET', '/sys/user/userDepartList')).status).toBe(400);

    // The recycle bin and the position picker are honestly empty.
    expect((await call('GET', '/sys/user/recycleBin')).body).toMatchObject({ success: true, result: [] });
    expect((await call('GET', '/sys/position/list')).body.result).toMatchObject({ records: [], total: 0 });
    expect((await call('GET', '/sys/thirdApp/getEnabledType')).body.result).toEqual({
      wechatEnterprise: false,
      dingtalk: false,
    });

    const frozen = await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 });
    expect(frozen.body.success).toBe(true);
    await call('PUT', '/sys/user/frozenBatch', { ids: id, status: 1 });
  });

  it('manages roles, their permissions and their members', async () => {
    const list = await call('GET', '/sys/role/list?pageNo=1&pageSize=10');
    expect(list.body.result).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
    const add = await call('POST', '/sys/role/add', { roleName: 'Jeecg patrol', roleCode: 'jeecg_patrol' });
    expect(add.body.success).toBe(true);
    const roleId = (await call('GET', '/sys/role/list?roleCode=jeecg_patrol')).body.result.records[0].id;

    const tree = await call('GET', '/sys/role/queryTreeList');
    expect(tree.body.result.treeList[0]).toMatchObject({
      key: expect.any(String),
      title: expect.any(String),
    });
    const save = await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: 'menu-home',
      lastpermissionIds: '',
    });
    expect(save.body.success).toBe(true);
    expect((await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).body.result).toEqual([
      'menu-home',
    ]);

    // Role members: RoleUserList's second table.
    const amy = await ctx().createUser({ username: 'jeecg_member1' });
    const ben = await ctx().createUser({ username: 'jeecg_member2' });
    const none = await call('GET', `/sys/user/userRoleList?roleId=${roleId}&pageNo=1&pageSize=10`);
    expect(none.body.result).toMatchObject({ records: [], total: 0 });
    const added = await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [amy, ben] });
    expect(added.body).toMatchObject({ success: true });
    // Giving it again changes nothing.
    expect((await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [amy] })).body.success).toBe(
      true,
    );
    const members = await call('GET', `/sys/user/userRoleList?roleId=${roleId}&pageNo=1&pageSize=10`);
    expect(members.body.result.total).toBe(2);
    expect(members.body.result.records.map((r: { username: string }) => r.username).sort()).toEqual([
      'jeecg_member1',
      'jeecg_member2',
    ]);
    const filtered = await call('GET', `/sys/user/userRoleList?roleId=${roleId}&username=jeecg_member2`);
    expect(filtered.body.result.total).toBe(1);
    expect(
      (await call('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${amy}`)).body.success,
    ).toBe(true);
    expect((await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).body.result.total).toBe(1);
    await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [amy] });
    const batch = await call(
      'DELETE',
      `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${amy},${ben},`,
    );
    expect(batch.body.success).toBe(true);
    expect((await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).body.result.total).toBe(0);

    // Bad input is refused whole, with the right status.
    expect((await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [] })).status).toBe(400);
    expect(
      (await call('POST', '/sys/user/addSysUserRole', { roleId: 'no-such-role', userIdList: [amy] })).status,
    ).toBe(404);
    expect((await call('GET', '/sys/user/userRoleList')).status).toBe(400);
    // Nobody takes the administrator role from the admin account through this door.
    const keep = await call('DELETE', '/sys/user/deleteUserRole?roleId=role-admin&userId=user-admin');
    expect(keep.status).toBe(403);
    expect((await call('GET', '/sys/user/queryUserRole?userid=user-admin')).body.result).toContain(
      'role-admin',
    );
  });

  it('lists departments, their members and their tree as the department pages read them', async () => {
    const tree = await call('GET', '/sys/sysDepart/queryTreeList');
    const root = tree.body.result.find((n: { key: string }) => n.key === 'dep-root');
    expect(root).toMatchObject({ key: 'dep-root', value: 'dep-root', title: expect.any(String) });
    expect(root.children.map((c: { key: string }) => c.key)).toEqual(expect.arrayContaining(['dep-ops']));
    expect((await call('GET', '/sys/sysDepart/queryIdTree')).body.success).toBe(true);

    const opsUser = await ctx().createUser({ username: 'jeecg_ops_member', departs: ['dep-ops'] });
    // The root's members include those of the departments below it.
    const underRoot = await call('GET', '/sys/user/departUserList?depId=dep-root&pageNo=1&pageSize=50');
    expect(underRoot.body.result.records.map((r: { id: string }) => r.id)).toContain(opsUser);
    const monitor = await call('GET', '/sys/user/departUserList?depId=dep-monitor&pageNo=1&pageSize=50');
    expect(monitor.body.result.records.map((r: { id: string }) => r.id)).not.toContain(opsUser);
    const byName = await call('GET', '/sys/user/departUserList?depId=dep-ops&username=jeecg_ops_member');
    expect(byName.body.result).toMatchObject({ total: 1 });
    expect(byName.body.result.records[0]).toMatchObject({
      username: 'jeecg_ops_member',
      orgCodeTxt: '运维部',
    });
    expect((await call('GET', '/sys/user/queryUserByDepId?id=dep-ops')).body.result.length).toBeGreaterThan(
      0,
    );
    // Without a department: every user the caller reaches (all of them for an administrator).
    const everyone = await call('GET', '/sys/user/departUserList?pageNo=1&pageSize=200');
    expect(everyone.body.result.records.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([opsUser, 'user-admin']),
    );

    // DeptUserInfo: existing users added to a department and taken out again.
    const newcomer = await ctx().createUser({ username: 'jeecg_newcomer' });
    const members = async (depId: string) =>
      (
        await call('GET', `/sys/user/departUserList?depId=${depId}&pageNo=1&pageSize=100`)
      ).body.result.records.map((r: { id: string }) => r.id);
    const joined = await call('POST', '/sys/user/editSysDepartWithUser', {
      depId: 'dep-monitor',
      userIdList: [newcomer, opsUser],
    });
    expect(joined.body.success).toBe(true);
    expect(await members('dep-monitor')).toEqual(expect.arrayContaining([newcomer, opsUser]));
    // Membership is added, never replaced: the ops member is still in operations.
    expect(await members('dep-ops')).toContain(opsUser);
    const left = await call('DELETE', `/sys/user/deleteUserInDepart?depId=dep-monitor&userId=${newcomer}`);
    expect(left.body.success).toBe(true);
    expect(await members('dep-monitor')).not.toContain(newcomer);
    await call(
      'DELETE',
      `/sys/user/deleteUserInDepartBatch?depId=dep-monitor&userIds=${opsUser},${newcomer},`,
    );
    expect(await members('dep-monitor')).not.toContain(opsUser);
    expect(await members('dep-ops')).toContain(opsUser);
    const noDepart = await call('POST', '/sys/user/editSysDepartWithUser', {
      depId: 'no-such-depart',
      userIdList: [newcomer],
    });
    expect(noDepart.status).toBe(404);
    expect((await call('POST', '/sys/user/editSysDepartWithUser', { depId: 'dep-ops' })).status).toBe(400);

    // JTreeSelect over a whitelisted table, one level at a time.
    const tableTree = (pid: string) =>
      call(
        'GET',
        `/sys/dict/loadTreeData?pid=${pid}&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=&condition=`,
      );
    const roots = await tableTree('0');
    expect(roots.body.result).toEqual([
      expect.objectContaining({ key: 'dep-root', isLeaf: false, leaf: false }),
    ]);
    const below = await tableTree('dep-root');
    expect(below.body.result.map((n: { key: string }) => n.key)).toEqual(
      expect.arrayContaining(['dep-ops', 'dep-monitor']),
    );
    expect(below.body.result.find((n: { key: string }) => n.key === 'dep-ops')).toMatchObject({
      title: '运维部',
      isLeaf: true,
      parentId: 'dep-root',
    });
    const refused = await call(
      'GET',
      '/sys/dict/loadTreeData?pid=0&tableName=sys_user&text=password_hash&code=id&pidField=id',
    );
    expect(refused.status).toBe(400);
  });

  it('manages dictionaries and their items, and answers their look-ups', async () => {
    const list = await call('GET', '/sys/dict/list?pageNo=1&pageSize=10');
    expect(list.body.result).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
    const add = await call('POST', '/sys/dict/add', { dictName: 'Jeecg colours', dictCode: 'jeecg_colour' });
    expect(add.body.success).toBe(true);
    const dictId = (await call('GET', '/sys/dict/list?dictCode=jeecg_colour')).body.result.records[0].id;

    // DictItemModal: the value is checked, then the item saved.
    const free = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dictId}&itemValue=red`);
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const item = await call('POST', '/sys/dictItem/add', {
      dictId,
      itemText: '红',
      itemValue: 'red',
      sortOrder: 1,
      status: 1,
    });
    expect(item.body.success).toBe(true);
    const taken = await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dictId}&itemValue=red`);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const itemId = (await call('GET', `/sys/dictItem/list?dictId=${dictId}`)).body.result.records[0].id;
    const ownValue = await call(
      'GET',
      `/sys/dictItem/dictItemCheck?dictId=${dictId}&itemValue=red&id=${itemId}`,
    );
    expect(ownValue.body.success).toBe(true);
    expect((await call('GET', '/sys/dictItem/dictItemCheck?itemValue=red')).status).toBe(400);

    await call('POST', '/sys/dictItem/add', {
      dictId,
      itemText: '绿',
      itemValue: 'green',
      sortOrder: 2,
      status: 1,
    });
    // The cache the console keeps, reloaded from queryAllDictItems ("clear cache").
    expect((await call('GET', '/sys/dict/refleshCache')).body.success).toBe(true);
    const all = await call('GET', '/sys/dict/queryAllDictItems');
    expect(all.body.result.jeecg_colour).toEqual([
      { value: 'red', text: '红', title: '红' },
      { value: 'green', text: '绿', title: '绿' },
    ]);
    expect(all.body.result.log_type.map((o: { value: string }) => o.value)).toEqual(['1', '2']);
    const en = await ctx().request({
      method: 'GET',
      url: '/ics/sys/dict/getDictItems/global_perms_type',
      headers: { ...auth(await ctx().login()), 'accept-language': 'en-US' },
    });
    expect(en.body.result.map((o: { text: string }) => o.text)).toEqual([
      'Visible (shown once granted)',
      'Editable (disabled until granted)',
    ]);
    expect((await call('GET', '/sys/dict/getDictItems/activiti_sync')).body.result).toHaveLength(2);
    expect(
      (await call('GET', '/sys/dict/getDictItems/operate_type')).body.result.map(
        (o: { value: string }) => o.value,
      ),
    ).toEqual(['GET', 'POST', 'PUT', 'DELETE']);

    // Searchable selects: loadDict with a keyword, plain and table dictionaries.
    const found = await call('GET', '/sys/dict/loadDict/jeecg_colour?keyword=绿&pageSize=10');
    expect(found.body.result).toEqual([{ value: 'green', text: '绿', title: '绿' }]);
    const users = await call('GET', '/sys/dict/loadDict/sys_user,realname,username?keyword=');
    expect(users.body.result.map((o: { value: string }) => o.value)).toContain('admin');
    expect((await call('GET', '/sys/dict/loadDict/sys_user,password_hash,id?keyword=')).status).toBe(400);
    // A code that names a built-in property is no dictionary.
    for (const code of ['constructor', '__proto__', 'toString'])
      expect((await call('GET', `/sys/dict/loadDict/${code}?keyword=`)).body).toMatchObject({
        success: true,
        result: [],
      });

    expect((await call('GET', '/sys/dict/deleteList')).body).toMatchObject({ success: true, result: [] });
  });

  it('publishes an announcement to the bell, marks it read and syncs the bells', async () => {
    const add = await call('POST', '/sys/annountCement/add', {
      titile: 'Jeecg notice',
      msgContent: '<p>hello</p>',
      priority: 'M',
      msgCategory: '1',
      msgType: 'ALL',
      userIds: '',
    });
    expect(add.body.success).toBe(true);
    const page = await call('GET', '/sys/annountCement/list?pageNo=1&pageSize=10&titile=Jeecg notice');
    const row = page.body.result.records[0];
    expect(row).toMatchObject({ titile: 'Jeecg notice', sendStatus: '0' });
    const release = await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
    expect(release.body.success).toBe(true);

    const bell = await call('GET', '/sys/annountCement/listByUser');
    expect(bell.body.result).toMatchObject({
      anntMsgList: expect.any(Array),
      anntMsgTotal: expect.any(Number),
      sysMsgList: expect.any(Array),
      sysMsgTotal: expect.any(Number),
    });
    expect(bell.body.result.anntMsgList.map((a: { id: string }) => a.id)).toContain(row.id);
    const read = await call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id });
    expect(read.body.success).toBe(true);
    // UserAnnouncementList and SysAnnouncementList then ask for the bells to reload.
    expect((await call('GET', `/sys/annountCement/syncNotic?anntId=${row.id}`)).body.success).toBe(true);
    expect((await call('GET', '/sys/annountCement/syncNotic')).body.success).toBe(true);
    expect((await call('GET', '/sys/annountCement/syncNotic?anntId=no-such-notice')).status).toBe(404);
    const after = await call('GET', '/sys/annountCement/listByUser');
    expect(after.body.result.anntMsgList.map((a: { id: string }) => a.id)).not.toContain(row.id);
    const mine = await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10');
    expect(mine.body.result).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
    expect((await call('GET', `/sys/annountCement/doReovkeData?id=${row.id}`)).body.success).toBe(true);
  });

  it('uploads the forms’ images as multipart, with the stored name in message', async () => {
    const token = await ctx().login();
    const upload = (body: ReturnType<typeof multipart>) =>
      ctx().request({
        method: 'POST',
        url: '/ics/sys/common/upload',
        headers: { ...auth(token), ...body.headers },
        payload: body.payload,
      });
    const ok = await upload(multipart('file', 'a.png', 'image/png', pngBytes()));
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(ok.body.message).toMatch(/^upload-[0-9a-f]{32}\.png$/);
    const served = await ctx().app.inject({
      method: 'GET',
      url: `/ics/sys/common/static/${ok.body.message}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // The same content checks as the avatar: not an image, too large, or no file at all.
    const text = await upload(
      multipart('file', 'a.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    );
    expect(text.status).toBe(400);
    expect(text.body.errorCode).toBe('system.upload.bad_image');
    const large = await upload(
      multipart('file', 'b.png', 'image/png', Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024)])),
    );
    expect(large.status).toBe(400);
    expect(large.body.errorCode).toBe('system.upload.too_large');
    const noFile = await upload(multipart('other', 'a.png', 'image/png', pngBytes()));
    expect(noFile.status).toBe(400);
    expect(noFile.body.errorCode).toBe('system.upload.no_file');
    const huge = await upload(multipart('file', 'c.png', 'image/png', Buffer.alloc(4 * 1024 * 1024)));
    expect(huge.status).toBe(413);

    // Only the forms that upload images may.
    await ctx().createUser({ username: 'jeecg_viewer', roles: ['role-viewer'] });
    const viewer = await ctx().login('jeecg_viewer');
    const refused = await ctx().request({
      method: 'POST',
      url: '/ics/sys/common/upload',
      headers: { ...auth(viewer), ...multipart('file', 'a.png', 'image/png', pngBytes()).headers },
      payload: multipart('file', 'a.png', 'image/png', pngBytes()).payload,
    });
    expect(refused.status).toBe(403);
  });
});

describe('a JeecgBoot 2.0.x console, whose API lives under /jeecg-boot', () => {
  describeWithApp(
    'ICS_BASE_PATH=/jeecg-boot',
    (ctx) => {
      const jeecg = consoleOf(ctx, '/jeecg-boot');
      it('signs in and loads its menu under the base path it is built for', async () => {
        const res = await jeecg.login();
        expect(res.body).toMatchObject({ success: true, code: 200 });
        const permissions = await jeecg.call('GET', '/sys/permission/getUserPermissionByToken');
        expect(permissions.body.result.menu.length).toBeGreaterThan(0);
        expect((await jeecg.call('GET', '/sys/user/list')).status).toBe(200);
      });
    },
    { env: { ICS_BASE_PATH: '/jeecg-boot' } },
  );
});
