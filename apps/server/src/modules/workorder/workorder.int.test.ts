import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { adminApi, describeWithApp, testPng } from '../../../test/harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ics-workorder-test-'));

/** A photo as a camera would send it: a data URL of real pixels (varied, so it compresses like one). */
async function photo(width: number, height: number, format: 'png' | 'jpeg' = 'jpeg'): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 6) * 104729) & 0xff;
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** The stored file an upload's address names. */
const storedFile = (url: string) => path.join(dataDir, 'uploads', url.split('/').at(-1)!);

describeWithApp(
  'work orders',
  (ctx) => {
    const api = adminApi(ctx);
    let projectId: string;
    let otherProjectId: string;
    let tokens: Record<'operator1' | 'operator2' | 'viewer1' | 'worker1' | 'dispatcher1', string>;
    let ids: Record<'operator1' | 'operator2' | 'worker1' | 'outsider' | 'farWorker' | 'viewer1', string>;

    const as =
      (who: keyof typeof tokens) =>
      (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
        api(method, url, payload, tokens[who]);

    beforeAll(async () => {
      const db = ctx().db;
      const [p] = await db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('A', 'WA') returning id`,
      );
      const [o] = await db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('B', 'WB') returning id`,
      );
      projectId = p!.id;
      otherProjectId = o!.id;
      await db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [
        projectId,
      ]);
      await db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-monitor')`, [
        otherProjectId,
      ]);
      // A worker edits work orders (starts, finishes, closes them) but may not dispatch.
      await db.query(
        `insert into sys_role (id, role_name, role_code) values ('role-wo-worker', 'worker', 'worker')`,
      );
      await db.query(
        `insert into sys_role_permission (role_id, permission_id)
       select 'role-wo-worker', id from sys_permission
        where id in ('menu-alarm', 'menu-alarm-workorder') or perms in ('alarm:workorder:list', 'alarm:workorder:edit')`,
      );
      // A dispatcher handles work orders only: the user list is not theirs to read.
      await db.query(
        `insert into sys_role (id, role_name, role_code) values ('role-wo-dispatcher', 'dispatcher', 'dispatcher')`,
      );
      await db.query(
        `insert into sys_role_permission (role_id, permission_id)
       select 'role-wo-dispatcher', id from sys_permission
        where id in ('menu-alarm', 'menu-alarm-workorder') or perms like 'alarm:workorder:%'`,
      );
      await ctx().createUser({
        username: 'dispatcher1',
        roles: ['role-wo-dispatcher'],
        departs: ['dep-ops'],
      });
      ids = {
        operator1: await ctx().createUser({
          username: 'operator1',
          roles: ['role-operator'],
          departs: ['dep-ops'],
        }),
        operator2: await ctx().createUser({
          username: 'operator2',
          roles: ['role-operator'],
          departs: ['dep-ops'],
        }),
        worker1: await ctx().createUser({
          username: 'worker1',
          roles: ['role-wo-worker'],
          departs: ['dep-ops'],
        }),
        // Holds the marks but sees no project of this test.
        outsider: await ctx().createUser({ username: 'outsider', roles: ['role-operator'] }),
        // Works on orders of the other project only.
        farWorker: await ctx().createUser({
          username: 'farworker',
          roles: ['role-wo-worker'],
          departs: ['dep-monitor'],
        }),
        viewer1: await ctx().createUser({
          username: 'viewer1',
          roles: ['role-viewer'],
          departs: ['dep-ops'],
        }),
      };
      ctx().clearCaches();
      tokens = {
        operator1: await ctx().login('operator1'),
        operator2: await ctx().login('operator2'),
        viewer1: await ctx().login('viewer1'),
        worker1: await ctx().login('worker1'),
        dispatcher1: await ctx().login('dispatcher1'),
      };
    });

    const add = (body: Record<string, unknown>, who: keyof typeof tokens = 'operator1') =>
      as(who)('POST', '/alarm/workorder/add', { projectId, title: 'Lamp 7 dark', ...body });

    it('numbers orders per day, new without an assignee and assigned with one', async () => {
      const first = await add({ priority: 'high' });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({
        status: 'new',
        priority: 'high',
        projectName: 'A',
        assigneeId: null,
        createdBy: 'operator1',
        alarmIds: [],
        overdue: false,
      });
      expect(first.body.result.code).toMatch(/^WO-\d{8}-0001$/);
      const second = await add({ assigneeId: ids.worker1 });
      expect(second.body.result).toMatchObject({ status: 'assigned', assigneeName: 'worker1' });
      expect(second.body.result.code).toMatch(/^WO-\d{8}-0002$/);
      // Two at once still get different numbers.
      const both = await Promise.all([add({}), add({})]);
      expect(new Set(both.map((r) => r.body.result.code)).size).toBe(2);
    });

    it('offers a dispatcher the project’s workers as assignees, without the user list', async () => {
      const assignees = (query: string, who: keyof typeof tokens = 'dispatcher1') =>
        as(who)('GET', `/alarm/workorder/assignees?${query}`);
      expect((await as('dispatcher1')('GET', '/sys/user/list')).status).toBe(403);

      const all = await assignees(`projectId=${projectId}&limit=50`);
      expect(all.status).toBe(200);
      const names = all.body.result.map((u: { username: string }) => u.username);
      expect(names).toEqual(expect.arrayContaining(['operator1', 'operator2', 'worker1', 'dispatcher1']));
      // Not the other project's worker, nobody without a project, nobody who cannot work on orders.
      expect(names).not.toContain('farworker');
      expect(names).not.toContain('outsider');
      expect(names).not.toContain('viewer1');
      expect(all.body.result.find((u: { username: string }) => u.username === 'worker1')).toEqual({
        id: ids.worker1,
        username: 'worker1',
        realname: 'worker1',
      });
      const other = await api('GET', `/alarm/workorder/assignees?projectId=${otherProjectId}`);
      expect(other.body.result.map((u: { username: string }) => u.username)).toContain('farworker');
      expect(other.body.result.map((u: { username: string }) => u.username)).not.toContain('worker1');

      const searched = await assignees(`projectId=${projectId}&keyword=WORK`);
      expect(searched.body.result.map((u: { username: string }) => u.username)).toEqual(['worker1']);
      expect((await assignees(`projectId=${projectId}&limit=2`)).body.result).toHaveLength(2);

      // Someone listed can be given an order; someone who cannot work on orders cannot.
      expect((await add({ assigneeId: ids.worker1 }, 'dispatcher1')).status).toBe(200);
      expect((await add({ assigneeId: ids.viewer1 }, 'dispatcher1')).body.errorCode).toBe(
        'workorder.assignee_not_found',
      );

      const foreign = await assignees(`projectId=${otherProjectId}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.errorCode).toBe('workorder.project_not_found');
      expect((await assignees('')).status).toBe(400);
      const worker = await assignees(`projectId=${projectId}`, 'worker1');
      expect(worker.status).toBe(403);
    });

    it('refuses bad input without writing anything', async () => {
      const [{ n: before }] = (await ctx().db.query<{ n: number }>(
        'select count(*)::int as n from alarm_workorder',
      )) as [{ n: number }];
      const noTitle = await add({ title: '' });
      expect(noTitle.status).toBe(400);
      const badDue = await add({ dueAt: 'tomorrow' });
      expect(badDue.status).toBe(400);
      const badPriority = await add({ priority: 'asap' });
      expect(badPriority.status).toBe(400);
      const unknownProject = await add({ projectId: 'nope' });
      expect(unknownProject.status).toBe(404);
      expect(unknownProject.body.errorCode).toBe('workorder.project_not_found');
      const foreignProject = await add({ projectId: otherProjectId });
      expect(foreignProject.status).toBe(404);
      const outsiderAssignee = await add({ assigneeId: ids.outsider });
      expect(outsiderAssignee.status).toBe(400);
      expect(outsiderAssignee.body.errorCode).toBe('workorder.assignee_not_found');
      const unknownAlarm = await add({ alarmIds: ['no-such-alarm'] });
      expect(unknownAlarm.status).toBe(404);
      expect(unknownAlarm.body.errorCode).toBe('workorder.alarm_not_found');
      const [{ n: after }] = (await ctx().db.query<{ n: number }>(
        'select count(*)::int as n from alarm_workorder',
      )) as [{ n: number }];
      expect(after).toBe(before);
    });

    it('checks marks: a viewer only reads, a worker may not assign', async () => {
      const viewerAdd = await add({}, 'viewer1');
      expect(viewerAdd.status).toBe(403);
      const viewerList = await as('viewer1')('GET', '/alarm/workorder/list');
      expect(viewerList.status).toBe(200);
      const workerAdd = await add({ assigneeId: ids.worker1 }, 'worker1');
      expect(workerAdd.status).toBe(403);
      const order = (await add({})).body.result;
      const workerAssign = await as('worker1')('POST', '/alarm/workorder/assign', {
        id: order.id,
        assigneeId: ids.worker1,
      });
      expect(workerAssign.status).toBe(403);
    });

    it('moves through the steps, each by whom it belongs to, and refuses the others', async () => {
      const order = (await add({ title: 'Cabinet 3 tripped' })).body.result;
      const step = (who: keyof typeof tokens, action: string, note?: string) =>
        as(who)('POST', '/alarm/workorder/transition', { id: order.id, action, ...(note ? { note } : {}) });

      // Not assigned yet: nobody can start it.
      expect((await step('operator1', 'start')).body.errorCode).toBe('workorder.bad_transition');
      const assigned = await as('operator1')('POST', '/alarm/workorder/assign', {
        id: order.id,
        assigneeId: ids.worker1,
        note: 'please check',
      });
      expect(assigned.status).toBe(200);
      expect(assigned.body.result.status).toBe('assigned');

      // Only the assignee starts and finishes.
      const notAssignee = await step('operator2', 'start');
      expect(notAssignee.status).toBe(403);
      expect(notAssignee.body.errorCode).toBe('workorder.not_assignee');
      expect((await step('worker1', 'start')).body.result.status).toBe('in_progress');
      expect((await step('worker1', 'start')).status).toBe(409);
      expect((await step('worker1', 'verify')).status).toBe(409);
      expect((await step('worker1', 'finish', 'fuse replaced')).body.result.status).toBe('done');

      // A dispatcher checks the work: the worker cannot verify or reject it.
      expect((await step('worker1', 'verify')).body.errorCode).toBe('workorder.not_dispatcher');
      expect((await step('operator2', 'reject', 'lamp still dark')).body.result.status).toBe('rejected');
      expect((await step('worker1', 'start')).body.result.status).toBe('in_progress');
      expect((await step('worker1', 'finish')).body.result.status).toBe('done');
      expect((await step('operator2', 'verify')).body.result.status).toBe('verified');
      expect((await step('operator2', 'close')).body.result.status).toBe('closed');

      // Closed: no edits, no notes; a dispatcher reopens it to its assignee.
      const edit = await as('operator1')('PUT', '/alarm/workorder/edit', {
        id: order.id,
        title: 'x',
        priority: 'low',
        dueAt: null,
      });
      expect(edit.body.errorCode).toBe('workorder.closed');
      expect((await step('worker1', 'reopen')).status).toBe(403);
      expect((await step('operator1', 'reopen')).body.result).toMatchObject({
        status: 'assigned',
        assigneeId: ids.worker1,
      });

      const detail = await as('worker1')('GET', `/alarm/workorder/queryById?id=${order.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.result.notes.map((n: { status: string | null }) => n.status)).toEqual([
        'assigned',
        'in_progress',
        'done',
        'rejected',
        'in_progress',
        'done',
        'verified',
        'closed',
        'assigned',
      ]);
      expect(detail.body.result.notes[0]).toMatchObject({ author: 'operator1', text: 'please check' });
    });

    it('lets the assignee close the order; "mine" lists only theirs', async () => {
      const order = (await add({ assigneeId: ids.worker1, title: 'Mine' })).body.result;
      await add({ assigneeId: ids.operator2, title: 'Not mine' });
      const mine = await as('worker1')('GET', '/alarm/workorder/list?mine=1&pageSize=100');
      const assignees = new Set(mine.body.result.records.map((r: { assigneeId: string }) => r.assigneeId));
      expect([...assignees]).toEqual([ids.worker1]);
      expect(mine.body.result.records.map((r: { id: string }) => r.id)).toContain(order.id);
      const closed = await as('worker1')('POST', '/alarm/workorder/transition', {
        id: order.id,
        action: 'close',
        note: 'fixed on site',
      });
      expect(closed.status).toBe(200);
      expect(closed.body.result.status).toBe('closed');
      // Someone neither assignee nor dispatcher cannot close it.
      const other = (await add({ assigneeId: ids.operator2 })).body.result;
      const refused = await as('worker1')('POST', '/alarm/workorder/transition', {
        id: other.id,
        action: 'close',
      });
      expect(refused.status).toBe(403);
    });

    it('marks orders past their due time as overdue until done', async () => {
      const past = new Date(Date.now() - 3_600_000).toISOString();
      const late = (await add({ dueAt: past, assigneeId: ids.worker1, title: 'Late' })).body.result;
      expect(late.overdue).toBe(true);
      const future = (await add({ dueAt: new Date(Date.now() + 86_400_000).toISOString() })).body.result;
      expect(future.overdue).toBe(false);
      const overdue = await as('operator1')('GET', '/alarm/workorder/list?overdue=1&pageSize=100');
      const overdueIds = overdue.body.result.records.map((r: { id: string }) => r.id);
      expect(overdueIds).toContain(late.id);
      expect(overdueIds).not.toContain(future.id);
      const move = (action: string) =>
        as('worker1')('POST', '/alarm/workorder/transition', { id: late.id, action });
      await move('start');
      expect((await move('finish')).body.result.overdue).toBe(false);
    });

    it('keeps orders within the caller’s projects', async () => {
      const foreign = await api('POST', '/alarm/workorder/add', {
        projectId: otherProjectId,
        title: 'Elsewhere',
      });
      expect(foreign.status).toBe(200);
      const list = await as('operator1')('GET', '/alarm/workorder/list?pageSize=100');
      expect(list.body.result.records.map((r: { id: string }) => r.id)).not.toContain(foreign.body.result.id);
      expect(list.body.result.records.every((r: { projectId: string }) => r.projectId === projectId)).toBe(
        true,
      );
      const read = await as('operator1')('GET', `/alarm/workorder/queryById?id=${foreign.body.result.id}`);
      expect(read.status).toBe(404);
      const move = await as('operator1')('POST', '/alarm/workorder/transition', {
        id: foreign.body.result.id,
        action: 'close',
      });
      expect(move.status).toBe(404);
      const adminList = await api('GET', `/alarm/workorder/list?projectId=${otherProjectId}`);
      expect(adminList.body.result.total).toBe(1);
    });

    it('adds notes with photos checked by content, and refuses anything else', async () => {
      const order = (await add({ title: 'With photos' })).body.result;
      const note = await as('operator1')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'before the repair',
        photos: [await photo(180, 180, 'png'), await photo(60, 40)],
      });
      expect(note.status).toBe(200);
      expect(note.body.result.photos).toHaveLength(2);
      expect(note.body.result.photos[0]).toMatchObject({ width: 180, height: 180 });
      const served = await ctx().app.inject({ method: 'GET', url: note.body.result.photos[0].url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      const fake = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
      const refused = await as('operator1')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'fake',
        photos: [await photo(20, 20), fake],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe('system.upload.bad_image');
      // A PNG header with no pixels behind it is no photo either.
      const hollow = await as('operator1')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'hollow',
        photos: [testPng()],
      });
      expect(hollow.status).toBe(400);
      expect(hollow.body.errorCode).toBe('system.upload.bad_image');
      const tooBig = await as('operator1')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'big',
        photos: [testPng(5 * 1024 * 1024)],
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.errorCode).toBe('system.upload.too_large');
      const empty = await as('operator1')('POST', '/alarm/workorder/note', { id: order.id, text: '' });
      expect(empty.status).toBe(400);
      const detail = await as('operator1')('GET', `/alarm/workorder/queryById?id=${order.id}`);
      expect(detail.body.result.notes).toHaveLength(1);
      expect(detail.body.result.noteCount).toBe(1);
    });

    it('stores a thumbnail beside each photo, serves both, and removing the photo deletes both', async () => {
      const order = (await add({ title: 'Large photo', assigneeId: ids.worker1 })).body.result;
      const large = await photo(3000, 2000);
      const note = await as('worker1')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'the cabinet',
        photos: [large],
      });
      expect(note.status).toBe(200);
      const [stored] = note.body.result.photos;
      expect(stored).toMatchObject({ width: 3000, height: 2000 });
      expect(stored.thumbnailUrl).not.toBe(stored.url);

      const full = await ctx().app.inject({ method: 'GET', url: stored.url });
      expect(full.rawPayload.equals(Buffer.from(large.split(',')[1]!, 'base64'))).toBe(true);
      const thumb = await ctx().app.inject({ method: 'GET', url: stored.thumbnailUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(320);
      expect([meta.width, meta.height]).toEqual([320, 213]);
      expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length / 10);
      const detail = await as('worker1')('GET', `/alarm/workorder/queryById?id=${order.id}`);
      expect(detail.body.result.notes.at(-1).photos[0]).toEqual(stored);

      // Only the note's author or a dispatcher removes it.
      const files = [storedFile(stored.url), storedFile(stored.thumbnailUrl)];
      expect(files.every((f) => existsSync(f))).toBe(true);
      const remove = (who: keyof typeof tokens) =>
        as(who)('DELETE', `/alarm/workorder/photo?id=${stored.id}`);
      const viewer = await remove('viewer1');
      expect(viewer.status).toBe(403);
      const dispatchersNote = await as('operator2')('POST', '/alarm/workorder/note', {
        id: order.id,
        text: 'seen from the street',
        photos: [await photo(40, 40)],
      });
      const dispatchersPhoto = dispatchersNote.body.result.photos[0];
      const notAuthor = await as('worker1')('DELETE', `/alarm/workorder/photo?id=${dispatchersPhoto.id}`);
      expect(notAuthor.status).toBe(403);
      expect(notAuthor.body.errorCode).toBe('workorder.not_photo_author');
      const byDispatcher = await as('operator1')(
        'DELETE',
        `/alarm/workorder/photo?id=${dispatchersPhoto.id}`,
      );
      expect(byDispatcher.status).toBe(200);
      expect(files.every((f) => existsSync(f))).toBe(true);

      const removed = await remove('worker1');
      expect(removed.status).toBe(200);
      expect(files.some((f) => existsSync(f))).toBe(false);
      expect((await ctx().app.inject({ method: 'GET', url: stored.thumbnailUrl })).statusCode).toBe(404);
      const again = await remove('worker1');
      expect(again.status).toBe(404);
      expect(again.body.errorCode).toBe('workorder.photo_not_found');
      const after = await as('worker1')('GET', `/alarm/workorder/queryById?id=${order.id}`);
      expect(after.body.result.notes.flatMap((n: { photos: unknown[] }) => n.photos)).toEqual([]);
    });

    it('takes up alarms of its project, shows on their timelines, and warns when closing over an active fault', async () => {
      const engine = ctx().services.alarm.engine;
      const condition = (sourceId: string, project: string) => ({
        projectId: project,
        sourceKind: 'device' as const,
        sourceId,
        deviceId: null,
        gatewayId: null,
        poleId: null,
        type: 'fault' as const,
        code: 'lampFailure',
        at: new Date(),
        detail: {},
      });
      const [alarm] = await engine.raise([condition('lamp-wo-1', projectId)]);
      const [foreign] = await engine.raise([condition('lamp-wo-2', otherProjectId)]);
      const other = await add({ alarmIds: [foreign!.id] });
      expect(other.status).toBe(404);
      expect(other.body.errorCode).toBe('workorder.alarm_not_found');

      const order = (await add({ alarmIds: [alarm!.id, alarm!.id], assigneeId: ids.worker1 })).body.result;
      expect(order.alarmIds).toEqual([alarm!.id]);
      const byAlarm = await as('operator1')('GET', `/alarm/workorder/list?alarmId=${alarm!.id}`);
      expect(byAlarm.body.result.records.map((r: { id: string }) => r.id)).toEqual([order.id]);
      const timeline = await api('GET', `/alarm/queryById?id=${alarm!.id}`);
      const lines = timeline.body.result.events.filter((e: { action: string }) => e.action === 'workorder');
      expect(lines[0]).toMatchObject({ actor: 'operator1', comment: order.code });
      expect(lines[0].detail).toMatchObject({ workOrderId: order.id, status: 'assigned' });
      // The alarm names its open order in the list and the detail; the foreign alarm names none.
      const linkOf = async (who: 'operator1' | 'admin') => {
        const list =
          who === 'admin'
            ? await api('GET', '/alarm/list?status=all&pageSize=100')
            : await as(who)('GET', '/alarm/list?status=all&pageSize=100');
        return Object.fromEntries(
          list.body.result.records.map((a: { id: string; workOrderId: string | null }) => [
            a.id,
            a.workOrderId,
          ]),
        );
      };
      expect((await linkOf('operator1'))[alarm!.id]).toBe(order.id);
      expect((await linkOf('admin'))[foreign!.id]).toBeNull();
      expect(timeline.body.result).toMatchObject({ workOrderId: order.id, workOrderCode: order.code });

      // The lamp still reports the fault: closing warns, naming the alarm, and changes nothing.
      const close = () =>
        as('worker1')('POST', '/alarm/workorder/transition', { id: order.id, action: 'close', note: 'done' });
      const warned = await close();
      expect(warned.status).toBe(409);
      expect(warned.body.errorCode).toBe('workorder.fault_active');
      expect(warned.body.result).toEqual({ alarmIds: [alarm!.id] });
      const still = await as('worker1')('GET', `/alarm/workorder/queryById?id=${order.id}`);
      expect(still.body.result.status).toBe('assigned');
      const forced = await as('worker1')('POST', '/alarm/workorder/transition', {
        id: order.id,
        action: 'close',
        force: true,
      });
      expect(forced.body.result.status).toBe('closed');
      // A closed order no longer handles the alarm.
      expect((await linkOf('operator1'))[alarm!.id]).toBeNull();

      // Once the device reports it gone, closing needs no force.
      const second = (await add({ alarmIds: [alarm!.id], assigneeId: ids.worker1 })).body.result;
      const reopened = await api('GET', `/alarm/queryById?id=${alarm!.id}`);
      expect(reopened.body.result).toMatchObject({ workOrderId: second.id, workOrderCode: second.code });
      await engine.clear([
        { sourceKind: 'device', sourceId: 'lamp-wo-1', code: 'lampFailure', at: new Date() },
      ]);
      const closed = await as('worker1')('POST', '/alarm/workorder/transition', {
        id: second.id,
        action: 'close',
      });
      expect(closed.status).toBe(200);
      const after = await api('GET', `/alarm/queryById?id=${alarm!.id}`);
      const last = after.body.result.events
        .filter((e: { action: string }) => e.action === 'workorder')
        .at(-1);
      expect(last.detail).toMatchObject({ workOrderId: second.id, status: 'closed', open: false });
      expect(after.body.result).toMatchObject({ workOrderId: null, workOrderCode: null });
    });
  },
  { DATA_DIR: dataDir },
);
