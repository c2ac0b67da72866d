import { topics } from '@ics/contract/server';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';

async function xlsx(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('poles');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

describeWithApp('device registry', (ctx) => {
  let admin: string;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    admin = await ctx().login();
    const [p] = await ctx().db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('A', 'PA') returning id`,
    );
    const [o] = await ctx().db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('B', 'PB') returning id`,
    );
    projectId = p!.id;
    otherProjectId = o!.id;
    await ctx().db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [
      projectId,
    ]);
    await ctx().createUser({ username: 'viewer1', roles: ['role-viewer'], departs: ['dep-ops'] });
    await ctx().createUser({ username: 'operator1', roles: ['role-operator'], departs: ['dep-ops'] });
  });

  it('adds, edits and lists poles; a duplicate code is a conflict', async () => {
    const add = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/add',
      headers: auth(admin),
      payload: { projectId, code: 'P-001', name: 'Pole 1', longitude: 117.17, latitude: 34.16, road: 'Main' },
    });
    expect(add.status).toBe(200);
    const dup = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/add',
      headers: auth(admin),
      payload: { projectId, code: 'P-001', name: 'Again', longitude: 117, latitude: 34 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errorCode).toBe('device.pole_code_taken');
    const edit = await ctx().request({
      method: 'PUT',
      url: '/ics/lighting/pole/edit',
      headers: auth(admin),
      payload: { id: add.body.result.id, height: 12 },
    });
    expect(edit.body.result).toMatchObject({ code: 'P-001', height: 12, road: 'Main' });
  });

  it('scopes lists to the caller’s projects and enforces marks', async () => {
    await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/add',
      headers: auth(admin),
      payload: { projectId: otherProjectId, code: 'X-1', name: 'Elsewhere', longitude: 1, latitude: 1 },
    });
    const viewer = await ctx().login('viewer1');
    const list = await ctx().request({
      method: 'GET',
      url: '/ics/lighting/pole/list',
      headers: auth(viewer),
    });
    expect(list.status).toBe(200);
    expect(list.body.result.records.map((p: { code: string }) => p.code)).toEqual(['P-001']);
    const add = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/add',
      headers: auth(viewer),
      payload: { projectId, code: 'V-1', name: 'no', longitude: 1, latitude: 1 },
    });
    expect(add.status).toBe(403);
    const operator = await ctx().login('operator1');
    const foreign = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/gateway/add',
      headers: auth(operator),
      payload: { projectId: otherProjectId, sn: 'GW-X', name: 'x' },
    });
    // The operator may add gateways, but not to a project outside their departments (not revealed: 404).
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('device.project_not_found');
    const testConsole = await ctx().request({
      method: 'GET',
      url: '/ics/test/device/search',
      headers: auth(operator),
    });
    expect(testConsole.status).toBe(403);
  });

  it('shows gateway credentials once and never lists them', async () => {
    const add = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/gateway/add',
      headers: auth(admin),
      payload: { projectId, sn: 'GW-1', name: 'Gateway 1' },
    });
    expect(add.body.result.credentials).toMatchObject({ username: 'GW-1', topicPrefix: 'ics/v1/GW-1' });
    expect(add.body.result.credentials.password.length).toBeGreaterThanOrEqual(32);
    const list = await ctx().request({
      method: 'GET',
      url: '/ics/lighting/gateway/list',
      headers: auth(admin),
    });
    expect(JSON.stringify(list.body)).not.toContain(add.body.result.credentials.password);
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt/);
  });

  it('imports poles from .xlsx with per-row errors', async () => {
    const file = await xlsx([
      ['编号', '名称', '经度', '纬度', '道路', '高度'],
      ['P-100', 'Imported 1', 117.1, 34.1, 'Road', 10],
      ['P-101', 'Imported 2', 'east', 34.1, 'Road', 10],
      ['P-001', 'Duplicate', 117.1, 34.1, '', ''],
      ['', 'No code', 117.1, 34.1, '', ''],
    ]);
    const res = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/importExcel',
      headers: auth(admin),
      payload: { projectId, file },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ total: 4, imported: 1 });
    expect(res.body.result.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    const bad = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/pole/importExcel',
      headers: auth(admin),
      payload: { projectId, file: Buffer.from('not a workbook').toString('base64') },
    });
    expect(bad.body.errorCode).toBe('device.import_bad_file');
  });

  describe('device import (.xlsx)', () => {
    const importDevices = async (token: string, rows: unknown[][], project = projectId) =>
      ctx().request({
        method: 'POST',
        url: '/ics/lighting/device/importExcel',
        headers: { ...auth(token), 'accept-language': 'en-US' },
        payload: { projectId: project, file: await xlsx(rows) },
      });
    const header = ['kind', 'address', 'name', 'gateway', 'pole', 'model'];

    beforeAll(async () => {
      for (const sn of ['GW-IMP-1', 'GW-IMP-2'])
        await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/add',
          headers: auth(admin),
          payload: { projectId, sn, name: sn },
        });
      await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/add',
        headers: auth(admin),
        payload: { projectId: otherProjectId, sn: 'GW-FOREIGN', name: 'foreign' },
      });
    });

    it('adds every kind behind its gateway, on its pole, with Chinese headers and kind names', async () => {
      const res = await importDevices(admin, [
        ['类型', '设备地址', '名称', '网关序列号', '灯杆编号', '型号'],
        ['lamp', 'L-1', 'Lamp 1', 'GW-IMP-1', 'P-001', 'LC-100'],
        ['单灯', 'L-2', '', 'GW-IMP-1', '', ''],
        ['sensor', 'S-1', 'Air', 'GW-IMP-1', 'P-001', ''],
        ['信息屏', 'D-1', 'Screen', 'GW-IMP-2', '', 'LED-9'],
        ['speaker', 'A-1', 'Speaker', 'GW-IMP-2', '', ''],
        ['camera', 'C-1', 'Camera', 'GW-IMP-2', 'P-001', ''],
      ]);
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ total: 6, imported: 6, errors: [] });
      expect(res.body.message).toContain('6');
      const lamps = await ctx().request({
        method: 'GET',
        url: '/ics/lighting/lamp/list?keyword=GW-IMP-1',
        headers: auth(admin),
      });
      const pole = await ctx().request({
        method: 'GET',
        url: '/ics/lighting/pole/list?code=P-001',
        headers: auth(admin),
      });
      expect(
        lamps.body.result.records.map(
          (d: { address: string; name: string; poleId: string; model: string }) => [
            d.address,
            d.name,
            d.poleId,
            d.model,
          ],
        ),
      ).toEqual([
        ['L-1', 'Lamp 1', pole.body.result.records[0].id, 'LC-100'],
        ['L-2', 'L-2', null, null],
      ]);
      for (const [url, address] of [
        ['/ics/env/sensor/list', 'S-1'],
        ['/ics/led/screen/list', 'D-1'],
        ['/ics/radio/speaker/list', 'A-1'],
        ['/ics/camera/camera/list', 'C-1'],
      ]) {
        const list = await ctx().request({
          method: 'GET',
          url: `${url}?keyword=GW-IMP`,
          headers: auth(admin),
        });
        expect(list.body.result.records.map((d: { address: string }) => d.address)).toEqual([address]);
      }
      // Imported devices get a latest-state row like announced ones.
      const [state] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from dev_state s join dev_device d on d.id = s.device_id
          join dev_gateway g on g.id = d.gateway_id where g.sn like 'GW-IMP-%'`,
      );
      expect(state!.n).toBe(6);
    });

    it('adds the good rows and reports each bad one with its row, column and reason', async () => {
      const res = await importDevices(admin, [
        header,
        ['lamp', 'L-10', 'ok', 'GW-IMP-1', '', ''],
        ['toaster', 'L-11', 'bad kind', 'GW-IMP-1', '', ''],
        ['lamp', '', 'no address', 'GW-IMP-1', '', ''],
        ['lamp', 'L 12', 'bad address', 'GW-IMP-1', '', ''],
        ['lamp', 'L-13', 'no gateway', '', '', ''],
        ['lamp', 'L-14', 'unknown gateway', 'GW-NOPE', '', ''],
        ['lamp', 'L-15', 'other project gateway', 'GW-FOREIGN', '', ''],
        ['lamp', 'L-16', 'unknown pole', 'GW-IMP-1', 'P-NOPE', ''],
        ['lamp', 'L-17', 'other project pole', 'GW-IMP-1', 'X-1', ''],
        ['lamp', 'L-1', 'already registered', 'GW-IMP-1', '', ''],
        ['lamp', 'L-10', 'twice in this file', 'GW-IMP-1', '', ''],
        ['lamp', 'L-10', 'same address, other gateway', 'GW-IMP-2', '', ''],
        ['', '', '', '', '', ''],
      ]);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ total: 12, imported: 2 });
      expect(res.body.result.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [3, 'kind'],
        [4, 'address'],
        [5, 'address'],
        [6, 'gateway'],
        [7, 'gateway'],
        [8, 'gateway'],
        [9, 'pole'],
        [10, 'pole'],
        [11, 'address'],
        [12, 'address'],
      ]);
      const messages = res.body.result.errors.map((e: { message: string }) => e.message);
      expect(messages[4]).toBe('No gateway with serial number GW-NOPE in this project');
      expect(messages[6]).toBe('No pole with code P-NOPE in this project');
      expect(messages[8]).toBe('Address L-1 already exists on this gateway');
      const [count] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from dev_device where address like 'L-1_'`,
      );
      expect(count!.n).toBe(2);
    });

    it('answers in the caller’s language', async () => {
      const res = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/device/importExcel',
        headers: { ...auth(admin), 'accept-language': 'zh-CN' },
        payload: { projectId, file: await xlsx([header, ['lamp', 'L-20', '', 'GW-NOPE', '', '']]) },
      });
      expect({ status: res.status, message: res.body.message }).toMatchObject({ status: 200 });
      expect(res.body.result.errors[0].message).toBe('该项目下没有序列号为GW-NOPE的网关');
    });

    it('refuses an unreadable file, a foreign project and callers without the mark', async () => {
      const bad = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/device/importExcel',
        headers: auth(admin),
        payload: { projectId, file: Buffer.from('not a workbook').toString('base64') },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('device.import_bad_file');
      const invalidBody = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/device/importExcel',
        headers: auth(admin),
        payload: { projectId, file: '%%%' },
      });
      expect(invalidBody.status).toBe(400);
      const operator = await ctx().login('operator1');
      const foreign = await importDevices(
        operator,
        [header, ['lamp', 'L-30', '', 'GW-FOREIGN', '', '']],
        otherProjectId,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.errorCode).toBe('device.project_not_found');
      const viewer = await ctx().login('viewer1');
      const denied = await importDevices(viewer, [header, ['lamp', 'L-31', '', 'GW-IMP-1', '', '']]);
      expect(denied.status).toBe(403);
      const anonymous = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/device/importExcel',
        payload: { projectId, file: await xlsx([header]) },
      });
      expect(anonymous.status).toBe(401);
      const allowed = await importDevices(operator, [header, ['lamp', 'L-32', '', 'GW-IMP-1', '', '']]);
      expect(allowed.body.result).toMatchObject({ imported: 1, errors: [] });
      const [written] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from dev_device where address in ('L-30', 'L-31')`,
      );
      expect(written!.n).toBe(0);
    });
  });

  it('answers 503 for commands while the device bus is not running', async () => {
    const gw = await ctx().request({
      method: 'GET',
      url: '/ics/lighting/gateway/list?sn=GW-1',
      headers: auth(admin),
    });
    const res = await ctx().request({
      method: 'POST',
      url: '/ics/test/device/command',
      headers: auth(admin),
      payload: { gatewayIds: [gw.body.result.records[0].id], command: { cmd: 'device.reboot' } },
    });
    expect(res.status).toBe(503);
    expect(res.body.errorCode).toBe('device.bus_down');
  });
  it('answers the latest state this node heard when it is newer than the stored row, never an older report', async () => {
    const gw = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/gateway/add',
      headers: auth(admin),
      payload: { projectId, sn: 'GW-LIVE', name: 'Live' },
    });
    const added = await ctx().request({
      method: 'POST',
      url: '/ics/lighting/device/add',
      headers: auth(admin),
      payload: { gatewayId: gw.body.result.id, kind: 'lamp', address: 'L-LIVE', name: 'Live lamp' },
    });
    expect(added.status).toBe(200);
    const id: string = added.body.result.id;
    const stored = async (seen: number, vals: object) =>
      ctx().db.query(
        `insert into dev_state (device_id, online, last_seen, vals) values ($1, true, $2, $3::jsonb)
         on conflict (device_id) do update set online = true, last_seen = $2, vals = $3::jsonb`,
        [id, new Date(seen).toISOString(), JSON.stringify(vals)],
      );
    const answered = async () => {
      const one = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/device/queryById?id=${id}`,
        headers: auth(admin),
      });
      const list = await ctx().request({
        method: 'GET',
        url: '/ics/lighting/lamp/list?keyword=GW-LIVE',
        headers: auth(admin),
      });
      expect(list.body.result.records[0].state).toEqual(one.body.result.state);
      return one.body.result.state;
    };
    await stored(Date.now() - 10_000, { on: true, level: 50, power: 80 });

    // The lamp reports level 20; this suite runs no flush, so its row still holds 50.
    const reported = Date.now();
    await ctx().services.devices.ingest.handle(
      topics.up('GW-LIVE', 'telemetry'),
      Buffer.from(JSON.stringify({ ts: reported, readings: [{ dev: 'L-LIVE', on: true, level: 20 }] })),
    );
    expect(await answered()).toEqual({
      online: true,
      lastSeen: new Date(reported).toISOString(),
      values: { on: true, level: 20, power: 80 },
      faults: [],
    });
    const [row] = await ctx().db.query<{ level: string }>(
      `select vals->>'level' as level from dev_state where device_id = $1`,
      [id],
    );
    expect(row?.level).toBe('50');

    // A report older than the state arrives late (handled after a newer one): history, not state.
    await ctx().services.devices.ingest.handle(
      topics.up('GW-LIVE', 'telemetry'),
      Buffer.from(JSON.stringify({ ts: reported - 500, readings: [{ dev: 'L-LIVE', on: true, level: 77 }] })),
    );
    expect((await answered()).values).toEqual({ on: true, level: 20, power: 80 });
    await ctx().services.devices.ingest.drain();
    const [written] = await ctx().db.query<{ level: string; history: number }>(
      `select vals->>'level' as level,
         (select count(*)::int from dev_lamp_reading where device_id = $1) as history
         from dev_state where device_id = $1`,
      [id],
    );
    expect(written).toEqual({ level: '20', history: 2 });

    // Another node heard the lamp later and wrote its row: the row wins over this node's memory.
    await stored(reported + 5_000, { on: false, level: 0, power: 0 });
    expect(await answered()).toMatchObject({ values: { on: false, level: 0, power: 0 } });
  });
});
