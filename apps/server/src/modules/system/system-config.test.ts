import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithApp, type TestApp } from '../../../test/harness';

type Ctx = () => TestApp;

function client(ctx: Ctx) {
  let adminToken: string | undefined;
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    adminToken ??= await ctx().login();
    return ctx().request({
      method,
      url: `/ics${url}`,
      headers: { 'x-access-token': adminToken },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
}

describeWithApp(
  'system: menus, departments, dictionaries, projects, i18n, platform',
  (ctx) => {
    const api = client(ctx);

    it('seeds the System menu and normalises menus on save', async () => {
      const tree = (await api('GET', '/sys/permission/list')).body.result;
      const system = tree.find((n: { id: string }) => n.id === 'menu-system');
      expect(system).toMatchObject({ component: 'layouts/RouteView', title: '系统管理' });
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

    it('manages projects with validation and unique codes', async () => {
      const body = {
        name: '徐州',
        code: 'XZ',
        longitude: 117.18,
        latitude: 34.26,
        timeZone: 'Asia/Shanghai',
        departIds: 'dep-ops',
      };
      const both = await Promise.all([
        api('POST', '/sys/project/add', body),
        api('POST', '/sys/project/add', body),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.message).toBe('项目编码已存在');
      const lon = await api('POST', '/sys/project/add', { ...body, code: 'B', longitude: 200 });
      expect(lon.body.message).toBe('经度范围为-180到180');
      const tz = await api('POST', '/sys/project/add', { ...body, code: 'C', timeZone: 'Mars/Base' });
      expect(tz.body.message).toBe('时区无效，请使用IANA时区名称（如 Asia/Shanghai）');
      const list = (await api('GET', '/sys/project/list?code=XZ')).body.result;
      expect(list.records[0]).toMatchObject({ name: '徐州', departIds: 'dep-ops' });
      const id = list.records[0].id;
      await api('PUT', '/sys/project/edit', { ...body, id, name: '徐州市' });
      expect((await api('GET', `/sys/project/queryById?id=${id}`)).body.result.name).toBe('徐州市');
      expect((await api('DELETE', `/sys/project/deleteBatch?ids=${id},`)).status).toBe(200);
      expect((await api('GET', '/sys/project/list?code=XZ')).body.result.total).toBe(0);
    });
  },
  { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ics-system-test-')) },
);
