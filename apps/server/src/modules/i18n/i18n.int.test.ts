import { expect, it } from 'vitest';
import { adminApi, describeWithApp, raceAdds } from '../../../test/harness';

describeWithApp('i18n: translations of menus and dictionaries', (ctx) => {
  const api = adminApi(ctx);
  const race = (url: string, body: Record<string, unknown>, message: string) =>
    raceAdds(api, url, body, message);

  it('changes menu titles through translations at the next permission load', async () => {
    const before = await api('GET', '/sys/permission/getUserPermissionByToken');
    const title = (r: typeof before) =>
      r.body.result.menu.find((m: { path: string }) => m.path === '/system').meta.title;
    expect(title(before)).toBe('系统管理');
    const edit = await api('PUT', '/sys/i18n/edit', {
      id: 'menu.system',
      key: 'menu.system',
      zhCn: '系统设置',
      enUs: 'Administration',
    });
    expect(edit.status).toBe(200);
    expect(title(await api('GET', '/sys/permission/getUserPermissionByToken'))).toBe('系统设置');
    expect(
      (await api('GET', '/sys/i18n/list?key=menu.system*&pageSize=50')).body.result.total,
    ).toBeGreaterThan(5);
    const bad = await api('POST', '/sys/i18n/add', { key: 'bad key', zhCn: 'x', enUs: 'y' });
    expect(bad.body.message).toBe('翻译键只能包含字母、数字、下划线、点和短横线');
  });

  it('lets only one of two simultaneous adds of the same translation key succeed', async () => {
    await race('/sys/i18n/add', { key: 'race.key', zhCn: '竞争', enUs: 'Race' }, '翻译键已存在');
    expect((await api('GET', '/sys/i18n/list?key=race.key')).body.result.total).toBe(1);
  });

  it('deletes translations, one and in batches; menu titles fall back to the key', async () => {
    for (const key of ['trip.one', 'trip.two', 'trip.three'])
      await api('POST', '/sys/i18n/add', { key, zhCn: `中${key}`, enUs: `En ${key}` });
    const del = await api('DELETE', '/sys/i18n/delete?id=trip.one');
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('删除成功!');
    expect((await api('GET', '/sys/i18n/list?key=trip.*')).body.result.total).toBe(2);
    const batch = await api('DELETE', '/sys/i18n/deleteBatch?ids=trip.two,trip.three,');
    expect(batch.body.message).toBe('批量删除成功!');
    expect((await api('GET', '/sys/i18n/list?key=trip.*')).body.result.total).toBe(0);

    // A menu named by a deleted key shows the key itself.
    await api('POST', '/sys/i18n/add', { key: 'menu.trip', zhCn: '行程', enUs: 'Trips' });
    const menu = await api('POST', '/sys/permission/add', { name: 'menu.trip', url: '/trip', menuType: 0 });
    const title = async () =>
      (await api('GET', '/sys/permission/getUserPermissionByToken')).body.result.menu.find(
        (m: { path: string }) => m.path === '/trip',
      ).meta.title;
    expect(await title()).toBe('行程');
    await api('DELETE', '/sys/i18n/delete?id=menu.trip');
    expect(await title()).toBe('menu.trip');
    await api('DELETE', `/sys/permission/delete?id=${menu.body.result.id}`);
  });
});
