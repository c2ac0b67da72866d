import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
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
});
