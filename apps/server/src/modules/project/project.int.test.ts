import { expect, it } from 'vitest';
import { adminApi, describeWithApp } from '../../../test/harness';

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
