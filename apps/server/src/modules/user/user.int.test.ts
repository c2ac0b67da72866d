import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeWithApp, testPng as png, type TestApp } from '../../../test/harness';

type Ctx = () => TestApp;

function client(ctx: Ctx) {
  let adminToken: string | undefined;
  const token = async () => {
    adminToken ??= await ctx().login();
    return adminToken;
  };
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: string) =>
    ctx().request({
      method,
      url: `/ics${url}`,
      headers: { 'x-access-token': as ?? (await token()) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

describeWithApp(
  'user: list mechanism, users, roles',
  (ctx) => {
    const api = client(ctx);

    it('adds users, lists them with every filter operator, sorts and pages', async () => {
      for (const [i, name] of ['alice', 'bob', 'carol', 'dave'].entries()) {
        const res = await api('POST', '/sys/user/add', {
          username: name,
          realname: `${name} Real`,
          password: 'secret123',
          phone: `1380000000${i}`,
          email: `${name}@example.com`,
          sex: (i % 2) + 1,
          selectedroles: 'role-viewer',
          selecteddeparts: 'dep-ops',
        });
        expect(res.body.message).toBe('添加成功！');
      }
      const list = async (q: string) => (await api('GET', `/sys/user/list?${q}`)).body.result;
      expect((await list('username=alice')).records.map((r: { username: string }) => r.username)).toEqual([
        'alice',
      ]);
      expect((await list('username=*aro*')).total).toBe(1);
      expect((await list('username=da*')).total).toBe(1);
      expect((await list('username=*ob')).total).toBe(1);
      expect(
        (await list('username=alice,bob&column=username&order=asc')).records.map(
          (r: { username: string }) => r.username,
        ),
      ).toEqual(['alice', 'bob']);
      expect((await list('username=!alice&realname=*Real*')).total).toBe(3);
      expect((await list(`sex=${encodeURIComponent('>= 2')}&realname=*Real*`)).total).toBe(2);
      expect((await list(`sex=${encodeURIComponent('< 2')}&realname=*Real*`)).total).toBe(2);
      expect(
        (await list('createTime_begin=2000-01-01&createTime_end=2999-12-31&realname=*Real*')).total,
      ).toBe(4);
      expect((await list('createTime_end=2000-01-01')).total).toBe(0);
      const page = await list('realname=*Real*&pageNo=2&pageSize=3&column=username&order=desc');
      expect(page).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
      expect(page.records[0].username).toBe('alice');
      const first = (await list('username=alice')).records[0];
      expect(first).toMatchObject({ sex: 1, sex_dictText: '男', status: 1, status_dictText: '正常' });
      expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(first)).not.toMatch(/password/i);
      const sq = (items: unknown[], type: string) =>
        list(
          `superQueryParams=${encodeURIComponent(encodeURIComponent(JSON.stringify(items)))}&superQueryMatchType=${type}`,
        );
      const items = [
        { field: 'username', type: 'string', rule: 'eq', val: 'alice' },
        { field: 'username', type: 'string', rule: 'right_like', val: 'bo' },
      ];
      expect((await sq(items, 'or')).total).toBe(2);
      expect((await sq(items, 'and')).total).toBe(0);
      const bad = await api(
        'GET',
        `/sys/user/list?superQueryParams=${encodeURIComponent('[{"field":"password_hash","rule":"eq","val":"x"}]')}`,
      );
      expect(bad.status).toBe(400);
    });

    it('refuses unknown sort columns and binds injection attempts as values', async () => {
      const res = await api('GET', '/sys/user/list?column=password_hash');
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('system.list.bad_column');
      const inj = await api(
        'GET',
        `/sys/user/list?column=${encodeURIComponent('username;drop table sys_user')}`,
      );
      expect(inj.status).toBe(400);
      const filter = await api('GET', `/sys/user/list?username=${encodeURIComponent("x' or '1'='1")}`);
      expect(filter.status).toBe(200);
      expect(filter.body.result.total).toBe(0);
      const like = await api('GET', `/sys/user/list?username=${encodeURIComponent("*%'; select 1; --*")}`);
      expect(like.status).toBe(200);
      expect(like.body.result.total).toBe(0);
      const num = await api('GET', '/sys/user/list?sex=abc');
      expect(num.status).toBe(400);
      expect((await api('GET', '/sys/user/list?column=createTime&order=desc')).status).toBe(200);
    });

    it('validates user forms with the shared messages', async () => {
      const base = { username: 'valid1', realname: 'V', password: 'secret123' };
      const phone = await api('POST', '/sys/user/add', { ...base, phone: '12345' });
      expect(phone.status).toBe(400);
      expect(phone.body.message).toBe('请输入正确格式的手机号码!');
      const email = await api('POST', '/sys/user/add', { ...base, email: 'nope' });
      expect(email.body.message).toBe('请输入正确格式的电子邮件!');
      const en = await ctx().request({
        method: 'POST',
        url: '/ics/sys/user/add',
        headers: { 'x-access-token': await ctx().login(), 'accept-language': 'en-US' },
        payload: { ...base, email: 'nope' },
      });
      expect(en.body.message).toBe('Please enter a valid email address!');
      const dup = await api('POST', '/sys/user/add', { ...base, username: 'alice' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('用户名已存在');
      const dupPhone = await api('POST', '/sys/user/add', { ...base, phone: '13800000000' });
      expect(dupPhone.body.message).toBe('手机号已被注册');
      const check = await api(
        'GET',
        '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=alice',
      );
      // A taken value is a successful check with a negative answer (what Jeecg consoles wait for).
      expect(check.status).toBe(200);
      expect(check.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      const free = await api(
        'GET',
        '/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=zed',
      );
      expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
      const notAllowed = await api(
        'GET',
        '/sys/duplicate/check?tableName=sys_user&fieldName=password_hash&fieldVal=x',
      );
      expect(notAllowed.status).toBe(400);
    });

    it('lets only one of two simultaneous adds of the same username succeed', async () => {
      const body = { username: 'twin', realname: 'Twin', password: 'secret123', workNo: 'W-1' };
      const results = await Promise.all([
        api('POST', '/sys/user/add', body),
        api('POST', '/sys/user/add', body),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const failed = results.find((r) => r.status === 409)!;
      expect(['用户名已存在', '工号已存在']).toContain(failed.body.message);
    });

    it('edits, keeps the password, reads roles, deletes softly', async () => {
      const id = (await api('GET', '/sys/user/list?username=bob')).body.result.records[0].id;
      const edit = await api('PUT', '/sys/user/edit', {
        id,
        realname: 'Bobby',
        selectedroles: 'role-operator',
      });
      expect(edit.body.message).toBe('编辑成功!');
      expect((await api('GET', `/sys/user/queryById?id=${id}`)).body.result.realname).toBe('Bobby');
      expect((await api('GET', `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual([
        'role-operator',
      ]);
      expect(await ctx().login('bob', 'secret123')).toBeTruthy();
      expect((await api('DELETE', `/sys/user/deleteBatch?ids=${id},`)).status).toBe(200);
      expect((await api('GET', '/sys/user/list?username=bob')).body.result.total).toBe(0);
    });

    it('refuses a caller without the mark (viewer role) with 403', async () => {
      const viewer = await ctx().login('alice', 'secret123');
      const res = await api('GET', '/sys/user/list', undefined, viewer);
      expect(res.status).toBe(403);
      expect((await api('POST', '/sys/role/add', { roleName: 'xx', roleCode: 'xx' }, viewer)).status).toBe(
        403,
      );
    });

    it('protects administrator accounts', async () => {
      const freeze = await api('PUT', '/sys/user/frozenBatch', { ids: 'user-admin', status: 2 });
      expect(freeze.status).toBe(403);
      expect(freeze.body.message).toBe('管理员账号不允许此操作！');
      expect((await api('DELETE', '/sys/user/delete?id=user-admin')).body.message).toBe(
        '管理员账号不允许此操作！',
      );
      const other = await api('POST', '/sys/user/add', {
        username: 'admin2',
        realname: 'Second admin',
        password: 'secret123',
        selectedroles: 'role-admin',
      });
      expect(other.status).toBe(200);
      const reset = await api('PUT', '/sys/user/changePassword', {
        username: 'admin2',
        password: 'another123',
      });
      expect(reset.body.message).toBe('管理员账号不允许此操作！');
    });

    it('freezing ends the session and login is refused; unfreezing allows it again', async () => {
      const token = await ctx().login('carol', 'secret123');
      const id = (await api('GET', '/sys/user/list?username=carol')).body.result.records[0].id;
      expect((await api('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).status).toBe(200);
      expect((await api('PUT', '/sys/user/frozenBatch', { ids: `${id},`, status: 2 })).status).toBe(200);
      expect((await api('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).status).toBe(401);
      const login = await ctx().request({
        method: 'POST',
        url: '/ics/sys/login',
        payload: { username: 'carol', password: 'secret123' },
      });
      expect(login.body.message).toBe('该用户已冻结');
      await api('PUT', '/sys/user/frozenBatch', { ids: id, status: 1 });
      expect(await ctx().login('carol', 'secret123')).toBeTruthy();
      const reset = await api('PUT', '/sys/user/changePassword', {
        username: 'carol',
        password: 'newpass123',
      });
      expect(reset.status).toBe(200);
      expect(await ctx().login('carol', 'newpass123')).toBeTruthy();
    });

    it('exports the filtered users as a readable xlsx', async () => {
      const token = await ctx().login();
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/user/exportXls?username=*a*&realname=*Real*',
        headers: { 'x-access-token': token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('账号');
      const names: unknown[] = [];
      sheet.eachRow((row, n) => n > 1 && names.push(row.getCell(1).value));
      expect(names.sort()).toEqual(['alice', 'carol', 'dave']);
    });

    it('manages roles: validation, uniqueness, authorisation, admin role code', async () => {
      const chinese = await api('POST', '/sys/role/add', { roleName: 'Test', roleCode: '测试' });
      expect(chinese.body.message).toBe('角色编码不能包含中文');
      const short = await api('POST', '/sys/role/add', { roleName: 'T', roleCode: 'ttt' });
      expect(short.body.message).toBe('角色名称长度为2到30个字符');
      const both = await Promise.all([
        api('POST', '/sys/role/add', { roleName: 'Auditor', roleCode: 'auditor' }),
        api('POST', '/sys/role/add', { roleName: 'Auditor', roleCode: 'auditor' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const id = both.find((r) => r.status === 200)!.body.result.id;
      const tree = await api('GET', '/sys/role/queryTreeList');
      expect(tree.body.result.ids).toContain('btn-system-user-add');
      const sys = tree.body.result.treeList.find((n: { key: string }) => n.key === 'menu-system');
      expect(sys.title).toBe('系统管理');
      await api('POST', '/sys/permission/saveRolePermission', {
        roleId: id,
        permissionIds: 'menu-system,menu-system-user,btn-system-user-add',
        lastpermissionIds: '',
      });
      expect(
        (await api('GET', `/sys/permission/queryRolePermission?roleId=${id}`)).body.result.sort(),
      ).toEqual(['btn-system-user-add', 'menu-system', 'menu-system-user']);
      const admin = await api('PUT', '/sys/role/edit', {
        id: 'role-admin',
        roleName: '管理员',
        roleCode: 'boss',
      });
      expect(admin.status).toBe(400);
      expect((await api('GET', '/sys/role/list?roleCode=auditor')).body.result.total).toBe(1);
      expect((await api('DELETE', `/sys/role/delete?id=${id}`)).status).toBe(200);
    });

    it('logs operations of the system routes', async () => {
      const res = await api('GET', '/sys/log/list?logType=2&username=admin&pageSize=100');
      expect(res.body.result.total).toBeGreaterThan(0);
      expect(res.body.result.records.map((r: { logContent: string }) => r.logContent)).toContain('添加角色');
      const login = await api('GET', '/sys/log/list?logType=1');
      expect(login.body.result.total).toBeGreaterThan(0);
    });

    it('uploads avatars for user forms only: checked by content, stored with the user', async () => {
      const text = `data:image/png;base64,${Buffer.from('GIF89a pretending to be a png').toString('base64')}`;
      const fake = await api('POST', '/sys/user/avatar', { file: text });
      expect(fake.status).toBe(400);
      expect(fake.body).toMatchObject({ success: false, errorCode: 'system.upload.bad_image' });
      expect(fake.body.message).toBe('只能上传PNG或JPEG图片');
      const big = await api('POST', '/sys/user/avatar', { file: png(2 * 1024 * 1024 + 1) });
      expect(big.body.errorCode).toBe('system.upload.too_large');

      // Signed in, but allowed neither to add nor to edit users.
      await ctx().createUser({ username: 'avatar_viewer', roles: ['role-viewer'] });
      const refused = await ctx().request({
        method: 'POST',
        url: '/ics/sys/user/avatar',
        headers: { 'x-access-token': await ctx().login('avatar_viewer') },
        payload: { file: png() },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 403, errorCode: 'auth.forbidden' });

      const ok = await api('POST', '/sys/user/avatar', { file: png() });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('上传成功！');
      const { path: stored, url } = ok.body.result as { path: string; url: string };
      expect(stored).toMatch(/^avatar-[0-9a-f]{32}\.png$/);
      expect(url).toBe(`/ics/sys/common/static/${stored}`);
      const served = await ctx().app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const added = await api('POST', '/sys/user/add', {
        username: 'with_avatar',
        realname: 'Avatar',
        password: 'secret123',
        avatar: stored,
      });
      const id = added.body.result.id;
      expect((await api('GET', `/sys/user/queryById?id=${id}`)).body.result.avatar).toBe(stored);
      const again = (await api('POST', '/sys/user/avatar', { file: png(10) })).body.result.path;
      await api('PUT', '/sys/user/edit', { id, realname: 'Avatar', avatar: again });
      expect((await api('GET', `/sys/user/queryById?id=${id}`)).body.result.avatar).toBe(again);
      // The user's own session carries it (the header shows it).
      const login = await ctx().request({
        method: 'POST',
        url: '/ics/sys/login',
        payload: { username: 'with_avatar', password: 'secret123' },
      });
      expect(login.body.result.userInfo.avatar).toBe(again);
    });
  },
  { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ics-user-test-')) },
);
