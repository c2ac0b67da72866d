import { ANNOUNCEMENT_MARKS } from '@ics/contract/server';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness';
import { createUser } from './test-users';

const base = '/ics/sys/annountCement';

describeWithApp('announcement', (ctx) => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = { 'x-access-token': await ctx().login() };
  });

  const add = async (payload: Record<string, unknown>) => {
    const res = await ctx().request({
      method: 'POST',
      url: `${base}/add`,
      headers: admin,
      payload: { priority: 'M', msgCategory: '1', msgType: 'ALL', ...payload },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.result as { id: string; [k: string]: unknown };
  };
  const release = (id: string, method: 'GET' | 'PUT' = 'GET') =>
    method === 'GET'
      ? ctx().request({ method, url: `${base}/doReleaseData?id=${id}`, headers: admin })
      : ctx().request({ method, url: `${base}/doReleaseData`, headers: admin, payload: { id } });
  const bell = async (headers: Record<string, string>) => {
    const res = await ctx().request({ method: 'GET', url: `${base}/listByUser`, headers });
    expect(res.status).toBe(200);
    return res.body.result as {
      anntMsgList: { id: string; titile: string }[];
      anntMsgTotal: number;
      sysMsgList: { id: string; titile: string }[];
      sysMsgTotal: number;
    };
  };

  it('creates, reads, lists, edits and deletes an announcement', async () => {
    const created = await add({
      titile: '停电检修通知',
      msgContent: '<p>明天<b>检修</b></p>',
      msgAbstract: '检修',
      startTime: '2030-01-01 08:00:00',
      endTime: '2030-01-02 18:00:00',
      openType: 'url',
      openPage: '/lighting/lamp',
    });
    expect(created).toMatchObject({
      titile: '停电检修通知',
      sendStatus: '0',
      sendStatus_dictText: '未发布',
      priority_dictText: '中',
      msgCategory_dictText: '通知公告',
      startTime: '2030-01-01 08:00:00',
      endTime: '2030-01-02 18:00:00',
      createBy: 'admin',
      delFlag: 0,
    });
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const got = await ctx().request({
      method: 'GET',
      url: `${base}/queryById?id=${created.id}`,
      headers: admin,
    });
    expect(got.body.result.msgContent).toBe('<p>明天<b>检修</b></p>');

    const edited = await ctx().request({
      method: 'PUT',
      url: `${base}/edit`,
      headers: admin,
      payload: {
        id: created.id,
        titile: '停电检修通知（更新）',
        priority: 'H',
        msgCategory: '1',
        msgType: 'ALL',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({
      titile: '停电检修通知（更新）',
      priority: 'H',
      updateBy: 'admin',
    });

    const list = await ctx().request({
      method: 'GET',
      url: `${base}/list?pageNo=1&pageSize=10&titile=*检修通知*&sendStatus=0`,
      headers: admin,
    });
    expect(list.body.result).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(list.body.result.records[0].id).toBe(created.id);

    const del = await ctx().request({
      method: 'DELETE',
      url: `${base}/delete?id=${created.id}`,
      headers: admin,
    });
    expect(del.status).toBe(200);
    const gone = await ctx().request({
      method: 'GET',
      url: `${base}/queryById?id=${created.id}`,
      headers: admin,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.errorCode).toBe('announcement.not_found');

    const a = await add({ titile: '批量删除一' });
    const b = await add({ titile: '批量删除二' });
    const batch = await ctx().request({
      method: 'DELETE',
      url: `${base}/deleteBatch?ids=${a.id},${b.id},`,
      headers: admin,
    });
    expect(batch.status).toBe(200);
    const after = await ctx().request({ method: 'GET', url: `${base}/list?titile=批量删除`, headers: admin });
    expect(after.body.result.total).toBe(0);
  });

  it('sanitises HTML content on save', async () => {
    const created = await add({
      titile: 'xss',
      msgContent:
        '<p style="color: red" onclick="steal()">ok</p><script>alert(1)</script>' +
        '<img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://e.x"></iframe>',
    });
    const html = String(created.msgContent);
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(html).toContain('<p style="color:red">ok</p>');
    expect(html).toContain('<img src="x.png" />');
    expect(html).toContain('<a>link</a>');
  });

  it('validates input: USER messages need addressees, which must exist', async () => {
    const none = await ctx().request({
      method: 'POST',
      url: `${base}/add`,
      headers: admin,
      payload: { titile: 'x', msgType: 'USER', userIds: '' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errorCode).toBe('error.validation');
    const unknown = await ctx().request({
      method: 'POST',
      url: `${base}/add`,
      headers: admin,
      payload: { titile: 'x', msgType: 'USER', userIds: 'nobody,' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('announcement.unknown_users');
  });

  it('validates the open fields and answers with the shared form messages', async () => {
    const post = (payload: Record<string, unknown>, lang = 'zh-CN') =>
      ctx().request({
        method: 'POST',
        url: `${base}/add`,
        headers: { ...admin, 'accept-language': lang },
        payload: { titile: '打开方式', ...payload },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ titile: '' }, '请输入标题!'],
      [{ msgType: 'USER', userIds: '' }, '请选择接收用户!'],
      [{ startTime: 'tomorrow' }, '日期时间格式无效'],
      [{ openType: 'url' }, '请输入打开页面!'],
      [
        { openType: 'url', openPage: 'javascript:alert(1)' },
        '打开页面须为 http(s):// 地址或以 / 开头的控制台路径',
      ],
      [
        { openType: 'url', openPage: '//evil.example.com' },
        '打开页面须为 http(s):// 地址或以 / 开头的控制台路径',
      ],
      [{ openType: 'component', openPage: 'lighting/Unknown', busId: 'x' }, '打开页面须为已注册的详情组件'],
      [{ openType: 'component', openPage: 'system/UserDetail' }, '组件方式须填写业务ID!'],
      [{ openType: 'popup', openPage: '/x' }, '打开方式须为 url 或 component'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post({ openType: 'url' }, 'en-US')).body.message).toBe('Please enter the page to open!');
    const url = await add({ titile: 'url', openType: 'url', openPage: 'https://example.com/a?b=1' });
    expect(url).toMatchObject({ openType: 'url', openPage: 'https://example.com/a?b=1' });
    const component = await add({
      titile: 'component',
      openType: 'component',
      openPage: 'system/UserDetail',
      busId: 'user-admin',
    });
    expect(component).toMatchObject({
      openType: 'component',
      openPage: 'system/UserDetail',
      busId: 'user-admin',
    });
  });

  it('edits drafts only, publishes once, revokes published ones', async () => {
    const created = await add({ titile: '只能编辑草稿' });
    expect((await release(created.id, 'PUT')).body.result.sendStatus).toBe('1');
    const edit = await ctx().request({
      method: 'PUT',
      url: `${base}/edit`,
      headers: admin,
      payload: { id: created.id, titile: 'changed' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errorCode).toBe('announcement.not_draft');
    const again = await release(created.id);
    expect(again.body.errorCode).toBe('announcement.already_published');
    const revoked = await ctx().request({
      method: 'PUT',
      url: `${base}/doReovkeData`,
      headers: admin,
      payload: { id: created.id },
    });
    expect(revoked.body.result).toMatchObject({ sendStatus: '2', sendStatus_dictText: '已撤销' });
    expect(revoked.body.result.cancelTime).toMatch(/^\d{4}-/);
    const revokeAgain = await ctx().request({
      method: 'GET',
      url: `${base}/doReovkeData?id=${created.id}`,
      headers: admin,
    });
    expect(revokeAgain.body.errorCode).toBe('announcement.not_published');
  });

  it('refuses management routes without the mark (403) and allows them with it', async () => {
    const plain = await createUser(ctx());
    for (const [method, url] of [
      ['GET', `${base}/list`],
      ['POST', `${base}/add`],
      ['GET', `${base}/doReleaseData?id=x`],
      ['GET', `${base}/readStats?id=x`],
      ['DELETE', `${base}/delete?id=x`],
    ] as const) {
      const res = await ctx().request({
        method,
        url,
        headers: plain.headers,
        payload: method === 'POST' ? { titile: 't' } : undefined,
      });
      expect(res.status, url).toBe(403);
      expect(res.body.errorCode).toBe('auth.forbidden');
    }
    const lister = await createUser(ctx(), [ANNOUNCEMENT_MARKS.list]);
    expect(
      (await ctx().request({ method: 'GET', url: `${base}/list`, headers: lister.headers })).status,
    ).toBe(200);
    const noToken = await ctx().request({ method: 'GET', url: `${base}/listByUser` });
    expect(noToken.status).toBe(401);
  });

  it('exports the filtered announcements as a readable xlsx, only with the export mark', async () => {
    const first = await add({ titile: '导出测试 甲', priority: 'H' });
    await add({ titile: '导出测试 乙', msgType: 'USER', userIds: [(await createUser(ctx())).id] });
    await add({ titile: '不相干' });
    await release(first.id);
    const download = async (query: string, headers: Record<string, string>) =>
      ctx().app.inject({ method: 'GET', url: `${base}/exportXls?${query}`, headers });
    // Newest first, as the list.
    const res = await download(`titile=${encodeURIComponent('导出测试')}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('通知公告.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1, 7)));
    expect(rows[0]).toEqual(['标题', '消息类型', '优先级', '通告对象', '发布人', '发布状态']);
    expect(rows.slice(1)).toEqual([
      ['导出测试 乙', '通知公告', '中', '指定用户', '', '未发布'],
      ['导出测试 甲', '通知公告', '高', '全部用户', '管理员', '已发布'],
    ]);
    const en = await download('titile=*甲*', { ...admin, 'accept-language': 'en-US' });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Title');
    expect(enBook.worksheets[0]!.getRow(2).getCell(4).value).toBe('Everyone');

    // Seeing the list is not enough to take it away.
    const lister = await createUser(ctx(), [ANNOUNCEMENT_MARKS.list]);
    const refused = await download('', lister.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'auth.forbidden',
      result: { mark: 'system:announcement:export' },
    });
    const exporter = await createUser(ctx(), [ANNOUNCEMENT_MARKS.list, ANNOUNCEMENT_MARKS.export]);
    expect((await download('', exporter.headers)).statusCode).toBe(200);
  });

  describe('delivery to users', () => {
    it('shows a published ALL notice to every user, counts it, and marks it read', async () => {
      const alice = await createUser(ctx());
      const created = await add({ titile: '全员通知', msgContent: '<p>hello</p>' });
      expect((await bell(alice.headers)).anntMsgList.map((m) => m.id)).not.toContain(created.id);

      const res = await release(created.id);
      expect(res.body.result).toMatchObject({ sendStatus: '1', sender: '管理员' });
      expect(res.body.result.sendTime).toMatch(/^\d{4}-/);

      const before = await bell(alice.headers);
      expect(before.anntMsgList.map((m) => m.id)).toContain(created.id);
      expect(before.anntMsgTotal).toBeGreaterThanOrEqual(1);

      const detail = await ctx().request({
        method: 'GET',
        url: `${base}/queryById?id=${created.id}`,
        headers: alice.headers,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.result.msgContent).toBe('<p>hello</p>');

      const read = await ctx().request({
        method: 'PUT',
        url: '/ics/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        headers: alice.headers,
        payload: { anntId: created.id },
      });
      expect(read.status).toBe(200);
      const after = await bell(alice.headers);
      expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
      expect(after.anntMsgList.map((m) => m.id)).not.toContain(created.id);

      const mine = await ctx().request({
        method: 'GET',
        url: '/ics/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=50',
        headers: alice.headers,
      });
      const row = mine.body.result.records.find((r: { anntId: string }) => r.anntId === created.id);
      expect(row).toMatchObject({ readFlag: '1', titile: '全员通知', userId: alice.id });
    });

    it('lists at most 5 per category and counts all, system messages apart from announcements', async () => {
      const bob = await createUser(ctx());
      const start = await bell(bob.headers);
      for (let i = 0; i < 6; i++) await release((await add({ titile: `系统消息${i}`, msgCategory: '2' })).id);
      const now = await bell(bob.headers);
      expect(now.sysMsgTotal).toBe(start.sysMsgTotal + 6);
      expect(now.sysMsgList).toHaveLength(5);
      expect(now.sysMsgList[0]!.titile).toBe('系统消息5');
      expect(now.anntMsgTotal).toBe(start.anntMsgTotal);

      const readAll = await ctx().request({
        method: 'PUT',
        url: '/ics/sys/sysAnnouncementSend/readAll',
        headers: bob.headers,
      });
      expect(readAll.status).toBe(200);
      const cleared = await bell(bob.headers);
      expect(cleared).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0, anntMsgList: [], sysMsgList: [] });
    });

    it('shows a USER message only to its addressees', async () => {
      const carol = await createUser(ctx());
      const dave = await createUser(ctx());
      const created = await add({ titile: '定向消息', msgType: 'USER', userIds: `${carol.id},` });
      const draftSeen = await ctx().request({
        method: 'GET',
        url: `${base}/queryById?id=${created.id}`,
        headers: carol.headers,
      });
      expect(draftSeen.status).toBe(404);
      await release(created.id);

      expect((await bell(carol.headers)).anntMsgList.map((m) => m.id)).toContain(created.id);
      expect((await bell(dave.headers)).anntMsgList.map((m) => m.id)).not.toContain(created.id);
      const daveDetail = await ctx().request({
        method: 'GET',
        url: `${base}/queryById?id=${created.id}`,
        headers: dave.headers,
      });
      expect(daveDetail.status).toBe(404);
      const daveRead = await ctx().request({
        method: 'PUT',
        url: '/ics/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        headers: dave.headers,
        payload: { anntId: created.id },
      });
      expect(daveRead.status).toBe(404);

      const stats = await ctx().request({
        method: 'GET',
        url: `${base}/readStats?id=${created.id}`,
        headers: admin,
      });
      expect(stats.body.result).toEqual({ total: 1, read: 0, unread: 1 });
      await ctx().request({
        method: 'PUT',
        url: '/ics/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        headers: carol.headers,
        payload: { anntId: created.id },
      });
      const statsAfter = await ctx().request({
        method: 'GET',
        url: `${base}/readStats?id=${created.id}`,
        headers: admin,
      });
      expect(statsAfter.body.result).toEqual({ total: 1, read: 1, unread: 0 });
    });

    it('hides a revoked or deleted announcement from users', async () => {
      const erin = await createUser(ctx());
      const revoked = await add({ titile: '将被撤销' });
      const deleted = await add({ titile: '将被删除' });
      await release(revoked.id);
      await release(deleted.id);
      const ids = async () => (await bell(erin.headers)).anntMsgList.map((m) => m.id);
      expect(await ids()).toEqual(expect.arrayContaining([revoked.id, deleted.id]));
      const before = (await bell(erin.headers)).anntMsgTotal;

      await ctx().request({ method: 'GET', url: `${base}/doReovkeData?id=${revoked.id}`, headers: admin });
      await ctx().request({ method: 'DELETE', url: `${base}/delete?id=${deleted.id}`, headers: admin });
      expect(await ids()).not.toContain(revoked.id);
      expect(await ids()).not.toContain(deleted.id);
      expect((await bell(erin.headers)).anntMsgTotal).toBe(before - 2);
      const detail = await ctx().request({
        method: 'GET',
        url: `${base}/queryById?id=${revoked.id}`,
        headers: erin.headers,
      });
      expect(detail.status).toBe(404);
      const mine = await ctx().request({
        method: 'GET',
        url: '/ics/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100',
        headers: erin.headers,
      });
      expect(mine.body.result.records.map((r: { anntId: string }) => r.anntId)).not.toContain(revoked.id);
    });

    it('counts readers of an ALL notice over every user', async () => {
      const frank = await createUser(ctx());
      const created = await add({ titile: '阅读统计' });
      await release(created.id);
      const [{ n }] = (await ctx().db.query<{ n: number }>(
        'select count(*)::int as n from sys_user where del_flag = 0',
      )) as [{ n: number }];
      await ctx().request({
        method: 'PUT',
        url: '/ics/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        headers: frank.headers,
        payload: { anntId: created.id },
      });
      const stats = await ctx().request({
        method: 'GET',
        url: `${base}/readStats?id=${created.id}`,
        headers: admin,
      });
      expect(stats.body.result).toEqual({ total: n, read: 1, unread: n - 1 });
    });
  });
});
