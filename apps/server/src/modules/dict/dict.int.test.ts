import { expect, it } from 'vitest';
import { adminApi, describeWithApp, raceAdds } from '../../../test/harness';

describeWithApp('dict: dictionaries and their items', (ctx) => {
  const api = adminApi(ctx);
  const race = (url: string, body: Record<string, unknown>, message: string) =>
    raceAdds(api, url, body, message);

  it('manages dictionaries and items, and serves getDictItems in the caller language', async () => {
    const dict = await api('POST', '/sys/dict/add', { dictName: '灯型', dictCode: 'lamp_kind' });
    const dictId = dict.body.result.id;
    await api('POST', '/sys/dictItem/add', { dictId, itemText: '钠灯', itemValue: 'na', sortOrder: 2 });
    await api('POST', '/sys/dictItem/add', { dictId, itemText: 'LED', itemValue: 'led', sortOrder: 1 });
    const dup = await api('POST', '/sys/dictItem/add', { dictId, itemText: 'x', itemValue: 'led' });
    expect(dup.body.message).toBe('数据值已存在');
    const items = (await api('GET', `/sys/dictItem/list?dictId=${dictId}`)).body.result.records;
    expect(items.map((i: { itemValue: string }) => i.itemValue)).toEqual(['led', 'na']);
    await api('POST', '/sys/i18n/add', { key: 'dict.lamp_kind.na', zhCn: '钠灯', enUs: 'Sodium' });
    const en = await ctx().request({
      method: 'GET',
      url: '/ics/sys/dict/getDictItems/lamp_kind',
      headers: { 'x-access-token': await ctx().login(), 'accept-language': 'en-US' },
    });
    expect(en.body.result).toEqual([
      { value: 'led', text: 'LED', title: 'LED' },
      { value: 'na', text: 'Sodium', title: 'Sodium' },
    ]);
    const table = await api('GET', '/sys/dict/getDictItems/sys_role,role_name,role_code');
    expect(table.body.result.map((o: { value: string }) => o.value)).toContain('admin');
    expect((await api('GET', '/sys/dict/getDictItems/sys_user,password_hash,id')).status).toBe(400);
    expect((await api('GET', '/sys/dict/refleshCache')).status).toBe(200);
  });

  it('lets only one of two simultaneous adds of the same dictionary code succeed', async () => {
    await race('/sys/dict/add', { dictName: '竞争', dictCode: 'race_code' }, '字典编码已存在');
    expect((await api('GET', '/sys/dict/list?dictCode=race_code')).body.result.total).toBe(1);
  });

  it('lets only one of two simultaneous adds of the same dictionary item value succeed', async () => {
    const dict = await api('POST', '/sys/dict/add', { dictName: '竞争项', dictCode: 'race_items' });
    const dictId = dict.body.result.id;
    await race('/sys/dictItem/add', { dictId, itemText: '甲', itemValue: 'a' }, '数据值已存在');
    expect((await api('GET', `/sys/dictItem/list?dictId=${dictId}`)).body.result.total).toBe(1);
    // The same value in another dictionary is fine.
    const other = await api('POST', '/sys/dict/add', { dictName: '另一个', dictCode: 'race_other' });
    const again = await api('POST', '/sys/dictItem/add', {
      dictId: other.body.result.id,
      itemText: '甲',
      itemValue: 'a',
    });
    expect(again.status).toBe(200);
  });

  it('edits and deletes dictionaries and their items; getDictItems follows', async () => {
    const dict = await api('POST', '/sys/dict/add', { dictName: '路段', dictCode: 'road_kind' });
    const dictId = dict.body.result.id;
    const main = await api('POST', '/sys/dictItem/add', { dictId, itemText: '主干道', itemValue: 'main' });
    const side = await api('POST', '/sys/dictItem/add', {
      dictId,
      itemText: '支路',
      itemValue: 'side',
      sortOrder: 2,
    });
    const items = async (code: string) => (await api('GET', `/sys/dict/getDictItems/${code}`)).body.result;
    expect(await items('road_kind')).toEqual([
      { value: 'main', text: '主干道', title: '主干道' },
      { value: 'side', text: '支路', title: '支路' },
    ]);

    const editItem = await api('PUT', '/sys/dictItem/edit', {
      id: main.body.result.id,
      dictId,
      itemText: '快速路',
      itemValue: 'express',
      sortOrder: 3,
      status: 1,
    });
    expect(editItem.body.message).toBe('编辑成功!');
    const dup = await api('PUT', '/sys/dictItem/edit', {
      id: main.body.result.id,
      dictId,
      itemText: '快速路',
      itemValue: 'side',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('数据值已存在');
    // A disabled item leaves the widgets' options.
    await api('PUT', '/sys/dictItem/edit', {
      id: side.body.result.id,
      dictId,
      itemText: '支路',
      itemValue: 'side',
      status: 0,
    });
    expect(await items('road_kind')).toEqual([{ value: 'express', text: '快速路', title: '快速路' }]);

    const editDict = await api('PUT', '/sys/dict/edit', {
      id: dictId,
      dictName: '道路等级',
      dictCode: 'road_level',
      description: '按道路等级',
    });
    expect(editDict.body.message).toBe('编辑成功!');
    expect((await api('GET', '/sys/dict/list?dictCode=road_level')).body.result.records[0]).toMatchObject({
      dictName: '道路等级',
      description: '按道路等级',
    });
    expect(await items('road_kind')).toEqual([]);
    expect((await items('road_level')).map((o: { value: string }) => o.value)).toEqual(['express']);
    const codeTaken = await api('PUT', '/sys/dict/edit', { id: dictId, dictName: 'x', dictCode: 'sex' });
    expect(codeTaken.status).toBe(409);
    expect(codeTaken.body.message).toBe('字典编码已存在');

    const delItem = await api('DELETE', `/sys/dictItem/delete?id=${main.body.result.id}`);
    expect(delItem.body.message).toBe('删除成功!');
    expect(await items('road_level')).toEqual([]);
    expect((await api('GET', `/sys/dictItem/list?dictId=${dictId}`)).body.result.total).toBe(1);

    expect((await api('DELETE', `/sys/dict/delete?id=${dictId}`)).body.message).toBe('删除成功!');
    expect((await api('GET', '/sys/dict/list?dictCode=road_level')).body.result.total).toBe(0);
    expect(await ctx().db.query('select 1 from sys_dict_item where dict_id = $1', [dictId])).toEqual([]);
    // The code is free again.
    expect((await api('POST', '/sys/dict/add', { dictName: '再来', dictCode: 'road_level' })).status).toBe(
      200,
    );
  });
});
