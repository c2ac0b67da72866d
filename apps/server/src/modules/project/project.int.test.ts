import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { adminApi, auth, describeWithApp } from '../../../test/harness';

describeWithApp('project: projects', (ctx) => {
  const api = adminApi(ctx);

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
});

describeWithApp('project: names in both languages', (ctx) => {
  const api = adminApi(ctx);
  const inLanguage = async (url: string, lang: 'zh-CN' | 'en-US') => {
    const res = await ctx().request({
      method: 'GET',
      url: `/ics${url}`,
      headers: { ...auth(await ctx().login()), 'accept-language': lang },
    });
    expect(res.status).toBe(200);
    return res.body.result;
  };
  const body = {
    name: '云龙片区',
    nameEn: 'Yunlong District',
    code: 'YL',
    longitude: 117.2,
    latitude: 34.25,
    timeZone: 'Asia/Shanghai',
    description: '云龙湖周边的路灯',
    descriptionEn: 'Street lights around Yunlong Lake',
    departIds: 'dep-root',
  };

  it('lists, reads and exports a project in the language of the request', async () => {
    const add = await api('POST', '/sys/project/add', body);
    expect(add.status).toBe(200);
    const id = add.body.result.id as string;

    const [en] = (await inLanguage('/sys/project/list?code=YL', 'en-US')).records;
    expect(en).toMatchObject({
      localName: 'Yunlong District',
      localDescription: 'Street lights around Yunlong Lake',
      // What the form edits: both languages as entered.
      name: '云龙片区',
      nameEn: 'Yunlong District',
      description: '云龙湖周边的路灯',
      descriptionEn: 'Street lights around Yunlong Lake',
    });
    const [zh] = (await inLanguage('/sys/project/list?code=YL', 'zh-CN')).records;
    expect(zh).toMatchObject({ localName: '云龙片区', localDescription: '云龙湖周边的路灯' });
    expect(await inLanguage(`/sys/project/queryById?id=${id}`, 'en-US')).toMatchObject({
      localName: 'Yunlong District',
    });
    // Either name finds it.
    expect((await inLanguage('/sys/project/list?name=*Yunlong*', 'zh-CN')).total).toBe(1);
    expect((await inLanguage('/sys/project/list?name=*云龙*', 'en-US')).total).toBe(1);

    // The project pickers (the area tree) and a strategy aimed at the project.
    const node = (tree: Array<{ id: string; title: string }>) => tree.find((n) => n.id === id)?.title;
    expect(node(await inLanguage('/lighting/area/tree', 'en-US'))).toBe('Yunlong District');
    expect(node(await inLanguage('/lighting/area/tree', 'zh-CN'))).toBe('云龙片区');
    const strategy = await api('POST', '/lighting/strategy/add', {
      projectId: id,
      name: 'all year',
      enabled: false,
      actions: [{ at: { type: 'clock', time: '18:00' }, action: 'on' }],
      targets: [{ kind: 'project', id }],
    });
    expect(strategy.status).toBe(200);
    const strategies = await inLanguage(`/lighting/strategy/list?projectId=${id}`, 'en-US');
    expect(strategies.records[0].targets[0].name).toBe('Yunlong District');

    // Lists that name each row's project: work orders.
    expect((await api('POST', '/alarm/workorder/add', { projectId: id, title: 'Check lamps' })).status).toBe(
      200,
    );
    const orders = await inLanguage(`/alarm/workorder/list?projectId=${id}`, 'en-US');
    expect(orders.records[0].projectName).toBe('Yunlong District');

    // The export names it as the list does.
    const sheet = async (lang: 'zh-CN' | 'en-US') => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/ics/sys/project/exportXls?code=YL',
        headers: { ...auth(await ctx().login()), 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!.getRow(2).values as unknown[];
    };
    expect(await sheet('en-US')).toContain('Yunlong District');
    expect(await sheet('zh-CN')).toContain('云龙片区');

    // Without an English name, English shows the Chinese one; a blank one counts as none.
    await api('PUT', '/sys/project/edit', { ...body, id, nameEn: '  ', descriptionEn: null });
    const [plain] = (await inLanguage('/sys/project/list?code=YL', 'en-US')).records;
    expect(plain).toMatchObject({
      nameEn: null,
      localName: '云龙片区',
      localDescription: '云龙湖周边的路灯',
    });
  });

  it('refuses a missing Chinese name and names too long, with the form messages', async () => {
    const missing = await api('POST', '/sys/project/add', { ...body, code: 'YL2', name: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请输入项目名称!');
    const longName = await api('POST', '/sys/project/add', { ...body, code: 'YL3', nameEn: 'x'.repeat(101) });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe('内容过长');
    const longText = await ctx().request({
      method: 'POST',
      url: '/ics/sys/project/add',
      headers: { ...auth(await ctx().login()), 'accept-language': 'en-US' },
      payload: { ...body, code: 'YL4', descriptionEn: 'x'.repeat(501) },
    });
    expect(longText.status).toBe(400);
    expect(longText.body.message).toBe('Too long');
    for (const code of ['YL2', 'YL3', 'YL4'])
      expect((await api('GET', `/sys/project/list?code=${code}`)).body.result.total).toBe(0);
  });
});

describeWithApp('project: who sees a project', (ctx) => {
  const api = adminApi(ctx);

  it('shows a project linked to a department to the users of its sub-departments, and to no one else', async () => {
    const add = await api('POST', '/sys/project/add', {
      name: 'Centre',
      code: 'CTR',
      longitude: 117.18,
      latitude: 34.16,
      timeZone: 'Asia/Shanghai',
      departIds: 'dep-root',
    });
    expect(add.status).toBe(200);
    const projectId = add.body.result.id as string;
    // 运维部 (dep-ops) is below 智慧照明中心 (dep-root); a user elsewhere has no department.
    const inSub = await ctx().createUser({
      username: 'ops_member',
      roles: ['role-operator'],
      departs: ['dep-ops'],
    });
    const outside = await ctx().createUser({ username: 'no_depart', roles: ['role-operator'] });
    ctx().clearCaches();
    const scope = ctx().services.project.scope;
    expect(await scope.scopeOf(inSub)).toContain(projectId);
    expect(await scope.scopeOf(outside)).not.toContain(projectId);
    const audience = await scope.audienceOf(projectId);
    expect(audience).toContain(inSub);
    expect(audience).not.toContain(outside);
  });

  it('gives a project manager outside the administrators only the projects of their departments', async () => {
    const project = async (code: string, departIds: string) => {
      const res = await api('POST', '/sys/project/add', {
        name: `Site ${code}`,
        code,
        longitude: 117.2,
        latitude: 34.2,
        timeZone: 'Asia/Shanghai',
        departIds,
      });
      expect(res.status).toBe(200);
      return res.body.result.id as string;
    };
    const own = await project('OWN', 'dep-ops');
    // Linked to the sibling department only: out of the manager's reach.
    const other = await project('OTHER', 'dep-monitor');
    await ctx().db.query(
      `insert into sys_role (id, role_name, role_code) values ('role-projects', 'Project managers', 'projects')`,
    );
    await ctx().db.query(
      `insert into sys_role_permission (role_id, permission_id)
       select 'role-projects', id from sys_permission
        where id in ('menu-system', 'menu-system-project', 'btn-system-project-edit',
                     'btn-system-project-delete', 'btn-system-project-export')`,
    );
    await ctx().createUser({ username: 'site_manager', roles: ['role-projects'], departs: ['dep-ops'] });
    ctx().clearCaches();
    const token = await ctx().login('site_manager');
    const codes = async (as?: string) =>
      (
        (await api('GET', '/sys/project/list?pageSize=100', undefined, as)).body.result.records as Array<{
          code: string;
        }>
      ).map((r) => r.code);

    expect(await codes()).toEqual(expect.arrayContaining(['OWN', 'OTHER']));
    expect(await codes(token)).toContain('OWN');
    expect(await codes(token)).not.toContain('OTHER');
    expect((await api('GET', `/sys/project/list?code=OTHER`, undefined, token)).body.result.total).toBe(0);
    expect((await api('GET', `/sys/project/queryById?id=${own}`, undefined, token)).status).toBe(200);
    expect((await api('GET', `/sys/project/queryById?id=${other}`, undefined, token)).status).toBe(404);

    // Changing or deleting a project out of reach answers as for one that does not exist, and
    // changes nothing; one out of reach among several deletes none of them.
    const edit = await api(
      'PUT',
      '/sys/project/edit',
      {
        id: other,
        name: 'Taken over',
        code: 'OTHER',
        longitude: 117.2,
        latitude: 34.2,
        timeZone: 'Asia/Shanghai',
      },
      token,
    );
    expect(edit.status).toBe(404);
    expect((await api('DELETE', `/sys/project/delete?id=${other}`, undefined, token)).status).toBe(404);
    expect(
      (await api('DELETE', `/sys/project/deleteBatch?ids=${own},${other}`, undefined, token)).status,
    ).toBe(404);
    const kept = await api('GET', `/sys/project/queryById?id=${other}`);
    expect(kept.body.result).toMatchObject({ name: 'Site OTHER' });
    expect(await codes()).toEqual(expect.arrayContaining(['OWN', 'OTHER']));

    // The export holds the same rows as the list.
    const res = await ctx().app.inject({
      method: 'GET',
      url: '/ics/sys/project/exportXls',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain('OWN');
    expect(cells).not.toContain('OTHER');
  });
});
