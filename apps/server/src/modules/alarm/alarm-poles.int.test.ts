import { beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';
import type { Condition } from './alarm-engine';

type PoleCount = { poleId: string; code: string; lng: number; lat: number; severity: string; count: number };

// What the map colours: per pole, the most severe of its active alarms and how many, for the
// caller's projects only. Alarms are raised through the engine as the device events would.
describeWithApp('alarms per pole (the map)', (ctx) => {
  let token: string;
  let projectId: string;
  let otherProjectId: string;
  let gatewayId: string;
  const poles: Record<string, string> = {};
  const lamps: Record<string, string> = {};
  const lampGateway: Record<string, string> = {};

  const api = async (method: 'GET' | 'POST', path: string, payload?: unknown, as = token) =>
    ctx().request({ method, url: `/ics${path}`, headers: auth(as), ...(payload ? { payload } : {}) });
  const poleCounts = async (as = token, query = ''): Promise<PoleCount[]> => {
    const res = await api('GET', `/alarm/poleCounts${query}`, undefined, as);
    expect(res.status).toBe(200);
    return (res.body.result as PoleCount[]).sort((a, b) => a.code.localeCompare(b.code));
  };
  const fault = (lamp: string, code: string, project = projectId): Condition => ({
    projectId: project,
    sourceKind: 'device',
    sourceId: lamps[lamp]!,
    deviceId: lamps[lamp]!,
    gatewayId: lampGateway[lamp]!,
    poleId: null,
    type: 'fault',
    code,
    at: new Date(),
    detail: {},
  });
  const addPole = async (project: string, code: string, lng: number) => {
    const res = await api('POST', '/lighting/pole/add', {
      projectId: project,
      code,
      name: code,
      longitude: lng,
      latitude: 34.16,
    });
    expect(res.status).toBe(200);
    poles[code] = res.body.result.id;
  };
  const addLamp = async (gateway: string, address: string, pole: string) => {
    const res = await api('POST', '/lighting/device/add', {
      gatewayId: gateway,
      kind: 'lamp',
      address,
      name: address,
      poleId: poles[pole],
    });
    expect(res.status).toBe(200);
    lamps[address] = res.body.result.id;
    lampGateway[address] = gateway;
  };

  beforeAll(async () => {
    token = await ctx().login();
    const [p] = await ctx().db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Poles P', 'POLES-P') returning id`,
    );
    const [o] = await ctx().db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Poles O', 'POLES-O') returning id`,
    );
    projectId = p!.id;
    otherProjectId = o!.id;
    await ctx().db.query(
      `insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops'), ($2, 'dep-monitor')`,
      [projectId, otherProjectId],
    );
    await addPole(projectId, 'PA', 117.1);
    await addPole(projectId, 'PB', 117.2);
    await addPole(otherProjectId, 'PC', 117.3);
    const gw = await api('POST', '/lighting/gateway/add', { projectId, sn: 'GW-POLES', name: 'gw' });
    const otherGw = await api('POST', '/lighting/gateway/add', {
      projectId: otherProjectId,
      sn: 'GW-POLES-O',
      name: 'gw o',
    });
    gatewayId = gw.body.result.id;
    await addLamp(gatewayId, 'A1', 'PA');
    await addLamp(gatewayId, 'A2', 'PA');
    await addLamp(gatewayId, 'B1', 'PB');
    await addLamp(otherGw.body.result.id, 'C1', 'PC');
    ctx().clearCaches();
  });

  it('answers each alarmed pole with its most severe active alarm and how many, folded alarms included', async () => {
    expect(await poleCounts()).toEqual([]);
    // Defaults: lampFailure major, supplyLoss critical, lowCurrent minor.
    await ctx().services.alarm.engine.raise([
      fault('A1', 'lampFailure'),
      fault('A2', 'supplyLoss'),
      fault('B1', 'lowCurrent'),
      fault('C1', 'lampFailure', otherProjectId),
    ]);
    expect(await poleCounts()).toEqual([
      { poleId: poles.PA, code: 'PA', lng: 117.1, lat: 34.16, severity: 'critical', count: 2 },
      { poleId: poles.PB, code: 'PB', lng: 117.2, lat: 34.16, severity: 'minor', count: 1 },
      { poleId: poles.PC, code: 'PC', lng: 117.3, lat: 34.16, severity: 'major', count: 1 },
    ]);
    expect((await poleCounts(token, `?projectId=${otherProjectId}`)).map((p) => p.code)).toEqual(['PC']);

    // The gateway goes offline: its lamps' alarms fold under its alarm and still count on their poles.
    await ctx().services.alarm.engine.raise([
      {
        projectId,
        sourceKind: 'gateway',
        sourceId: gatewayId,
        deviceId: null,
        gatewayId,
        poleId: null,
        type: 'offline',
        code: 'gateway_offline',
        at: new Date(),
        detail: {},
      },
    ]);
    const [folded] = await ctx().db.query<{ n: number }>(
      `select count(*)::int as n from alarm_record where gateway_id = $1 and parent_id is not null`,
      [gatewayId],
    );
    expect(folded!.n).toBe(3);
    const mine = await poleCounts(token, `?projectId=${projectId}`);
    expect(mine.map((p) => [p.code, p.severity, p.count])).toEqual([
      ['PA', 'critical', 2],
      ['PB', 'minor', 1],
    ]);
  });

  it('shows a user only the poles of their projects, and refuses a caller without the alarm list mark', async () => {
    await ctx().createUser({ username: 'poles-viewer', roles: ['role-viewer'], departs: ['dep-ops'] });
    await ctx().createUser({ username: 'poles-other', roles: ['role-operator'], departs: ['dep-monitor'] });
    await ctx().createUser({ username: 'poles-nobody', roles: [], departs: ['dep-ops'] });
    const viewer = await ctx().login('poles-viewer');
    const other = await ctx().login('poles-other');
    const nobody = await ctx().login('poles-nobody');

    expect((await poleCounts(viewer)).map((p) => p.code)).toEqual(['PA', 'PB']);
    expect((await poleCounts(other)).map((p) => p.code)).toEqual(['PC']);
    expect(await poleCounts(other, `?projectId=${projectId}`)).toEqual([]);
    const refused = await api('GET', '/alarm/poleCounts', undefined, nobody);
    expect(refused.status).toBe(403);
    expect((await api('GET', `/alarm/poleCounts?projectId=${'x'.repeat(65)}`)).status).toBe(400);
  });

  it('stops counting an alarm once it is closed (resolved and cleared), and lists a pole’s alarms folded or not', async () => {
    const byPole = await api('GET', `/alarm/list?poleId=${poles.PA}&pageSize=100`);
    expect(byPole.body.result.records.map((a: { code: string }) => a.code).sort()).toEqual([
      'lampFailure',
      'supplyLoss',
    ]);
    const [b1] = (await api('GET', `/alarm/list?poleId=${poles.PB}`)).body.result.records;
    expect(b1).toMatchObject({ code: 'lowCurrent', deviceId: lamps.B1 });

    // Resolved but still reported: active, it counts.
    expect((await api('POST', '/alarm/resolve', { ids: [b1.id], comment: 'fixed' })).status).toBe(200);
    expect((await poleCounts()).find((p) => p.code === 'PB')).toMatchObject({ count: 1 });
    // The lamp reports it gone: closed, the pole is no longer alarmed.
    await ctx().services.alarm.engine.clear([
      { sourceKind: 'device', sourceId: lamps.B1!, code: 'lowCurrent', at: new Date() },
    ]);
    expect((await poleCounts(token, `?projectId=${projectId}`)).map((p) => p.code)).toEqual(['PA']);
  });
});
