import { expect, it } from 'vitest';
import { adminApi, describeWithApp } from '../../../test/harness';

// Roles, departments and dictionaries are data, yet their seeded names have translations:
// each list shows them in the request's language; a name someone changed stays as written.
describeWithApp('data names in the request language', (ctx) => {
  const api = adminApi(ctx);
  const get = (url: string, lang: 'zh-CN' | 'en-US') =>
    api('GET', `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`).then((r) => r.body.result);

  it('roles: names and descriptions', async () => {
    const find = (page: { records: Array<{ roleCode: string }> }, code: string) =>
      page.records.find((r) => r.roleCode === code);
    const en = await get('/sys/role/list?pageSize=50', 'en-US');
    expect(find(en, 'operator')).toMatchObject({ roleName: 'Operator' });
    expect(find(en, 'admin')).toMatchObject({ roleName: 'Administrator', description: 'Everything' });
    const zh = await get('/sys/role/list?pageSize=50', 'zh-CN');
    expect(find(zh, 'admin')).toMatchObject({ roleName: '管理员', description: '全部权限' });
    const all = await get('/sys/role/queryall', 'en-US');
    expect(all.map((r: { roleName: string }) => r.roleName)).toContain('Viewer');

    // Renamed: shown as written in both languages.
    await ctx().db.query(`update sys_role set role_name = '值班员' where role_code = 'viewer'`);
    expect(find(await get('/sys/role/list?pageSize=50', 'en-US'), 'viewer')).toMatchObject({
      roleName: '值班员',
    });
    await ctx().db.query(`update sys_role set role_name = '访客' where role_code = 'viewer'`);
  });

  it('departments: the tree', async () => {
    const tree = await get('/sys/sysDepart/queryTreeList', 'en-US');
    const root = tree.find((n: { orgCode: string }) => n.orgCode === 'A01');
    expect(root).toMatchObject({ title: 'Smart Lighting Centre', departName: 'Smart Lighting Centre' });
    expect(root.children.map((c: { title: string }) => c.title)).toContain('Operations');
    const zh = await get('/sys/sysDepart/queryTreeList', 'zh-CN');
    expect(zh.find((n: { orgCode: string }) => n.orgCode === 'A01')).toMatchObject({ title: '智慧照明中心' });
  });

  it('dictionaries and their items', async () => {
    const en = await get('/sys/dict/list?pageSize=50', 'en-US');
    const sex = en.records.find((d: { dictCode: string }) => d.dictCode === 'sex');
    expect(sex).toMatchObject({ dictName: 'Sex' });
    const items = await get(`/sys/dictItem/list?dictId=${sex.id}`, 'en-US');
    expect(items.records.map((i: { itemText: string }) => i.itemText).sort()).toEqual(['Female', 'Male']);
    const zh = await get(`/sys/dictItem/list?dictId=${sex.id}`, 'zh-CN');
    expect(zh.records.map((i: { itemText: string }) => i.itemText).sort()).toEqual(['女', '男']);
  });
});
