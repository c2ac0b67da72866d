import { EMPTY_SCHEDULE_VERSION } from '@ics/contract/server';
import { Simulator } from '@ics/simulator';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';
import { until } from '../../../test/until';
import { localDateTime } from './plan';
import { TestClock } from './scheduler/clock';

const env = { MQTT_PORT: '0', ICS_COMMAND_TIMEOUT_MS: '1500', ICS_COMMAND_RETRIES: '1' };

const quiet = { info: () => undefined, error: () => undefined };

describeWithApp(
  'street lighting',
  (ctx) => {
    let token: string;
    let projectId: string;
    let gatewayId: string;
    let lampIds: string[];
    let sim: Simulator;

    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      ctx().request({ method, url: `/ics${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
    const waitJob = (id: string) =>
      until(async () => {
        const res = await call('GET', `/lighting/control/job?id=${id}`);
        return res.body.result?.done ? res.body.result : null;
      });
    const simLamp = (address: string) => sim.gateways[0]!.devices.get(address)!.lamp!;
    const scheduler = (clock: TestClock) =>
      ctx().services.lighting.newScheduler(clock, quiet, {
        graceMs: 10 * 60_000,
        intervalMs: 3_600_000,
        pushEveryMs: 0,
      });

    beforeAll(async () => {
      await ctx().services.devices.start();
      token = await ctx().login();
      const [project] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Lighting', 'PL') returning id`,
      );
      projectId = project!.id;
      const res = await call('POST', '/lighting/gateway/add', { projectId, sn: 'GW-L', name: 'gw L' });
      expect(res.status).toBe(200);
      gatewayId = res.body.result.id;
      sim = new Simulator({
        url: ctx().services.devices.brokerUrl!,
        gateways: [{ sn: 'GW-L', password: res.body.result.credentials.password }],
        lampsPerGateway: 5,
        telemetryIntervalSeconds: 3600,
        heartbeatSeconds: 3600,
      });
      await sim.start();
      lampIds = await until(async () => {
        const list = await call(
          'GET',
          `/lighting/lamp/list?gatewayId=${gatewayId}&pageSize=50&column=address&order=asc`,
        );
        const records = list.body.result.records as Array<{ id: string }>;
        return records.length === 5 ? records.map((r) => r.id) : null;
      });
      // The gateway announced the multi-device feature.
      await until(async () => {
        const [g] = await ctx().db.query<{ features: string[] }>(
          'select features from dev_gateway where id = $1',
          [gatewayId],
        );
        return g?.features.includes('multi');
      });
    });
    afterAll(async () => {
      await sim?.stop();
    });

    it('refuses bad input: brightness 101, dim without level, unknown lamp, strategy without actions', async () => {
      const bright = await call('POST', '/lighting/control/send', {
        scope: 'lamps',
        ids: [lampIds[0]],
        action: 'dim',
        level: 101,
      });
      expect(bright.status).toBe(400);
      const noLevel = await call('POST', '/lighting/control/send', {
        scope: 'lamps',
        ids: [lampIds[0]],
        action: 'dim',
      });
      expect(noLevel.status).toBe(400);
      const unknown = await call('POST', '/lighting/control/send', {
        scope: 'lamps',
        ids: ['no-such-lamp'],
        action: 'on',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.errorCode).toBe('lighting.lamp_not_found');
      const empty = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'empty',
        actions: [],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(empty.status).toBe(400);
      const badTime = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'bad',
        actions: [{ at: { type: 'clock', time: '25:00' }, action: 'on' }],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(badTime.status).toBe(400);
      const foreign = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'foreign',
        actions: [{ at: { type: 'clock', time: '18:00' }, action: 'on' }],
        targets: [{ kind: 'lamp', id: 'elsewhere' }],
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errorCode).toBe('lighting.target_other_project');
      const unknownJob = await call('GET', '/lighting/control/job?id=nope');
      expect(unknownJob.status).toBe(404);
    });

    it('dims a lamp and sees the reported level', async () => {
      const res = await call('POST', '/lighting/control/send', {
        scope: 'lamps',
        ids: [lampIds[0]],
        action: 'dim',
        level: 40,
      });
      expect(res.status).toBe(200);
      const job = await waitJob(res.body.result.id);
      expect(job).toMatchObject({ total: 1, acked: 1, failed: 0, timeout: 0 });
      expect(job.outcomes[0]).toMatchObject({ deviceId: lampIds[0], status: 'acked' });
      await until(async () => {
        const lamp = await call('GET', `/lighting/device/queryById?id=${lampIds[0]}`);
        return lamp.body.result.state.values.level === 40;
      });
      expect(simLamp('L001').level).toBe(40);
    });

    it('switches a group off: every lamp’s outcome, one protocol message, pushed live to the caller', async () => {
      const group = await call('POST', '/lighting/group/add', { projectId, name: 'all five', lampIds });
      expect(group.status).toBe(200);
      expect(group.body.result.lampCount).toBe(5);
      const push = vi.spyOn(ctx().services.realtime, 'sendToUsers');
      const res = await call('POST', '/lighting/group/control', {
        groupIds: [group.body.result.id],
        action: 'off',
      });
      expect(res.status).toBe(200);
      const job = await waitJob(res.body.result.id);
      expect(job).toMatchObject({ total: 5, acked: 5, pending: 0 });
      expect(job.outcomes.map((o: { deviceId: string }) => o.deviceId).sort()).toEqual([...lampIds].sort());
      for (const a of ['L001', 'L002', 'L003', 'L004', 'L005']) expect(simLamp(a).on).toBe(false);
      const messages = await ctx().db.query<{ n: number }>(
        'select count(distinct message_id)::int as n from dev_command where batch_id = $1',
        [job.id],
      );
      expect(messages[0]!.n).toBe(1);
      await until(async () =>
        push.mock.calls.some(
          ([, m]) =>
            (m as { kind?: string }).kind === 'control.outcome' &&
            (m as unknown as { payload: { done: boolean } }).payload.done,
        ),
      );
      // The job's per-lamp outcomes went out in those batches only, not as one device.command
      // message per lamp; a command outside any job still does.
      const kindOf = (m: unknown) => (m as { kind?: string }).kind;
      const batchOf = (m: unknown) => (m as { payload?: { batchId?: string } }).payload?.batchId;
      expect(
        push.mock.calls.filter(([, m]) => kindOf(m) === 'device.command' && batchOf(m) === job.id),
      ).toEqual([]);
      const single = await call('POST', '/lighting/lamp/command', {
        deviceIds: [lampIds[0]],
        command: { cmd: 'lamp.switch', params: { on: true } },
      });
      expect(single.status).toBe(200);
      const singleBatch = single.body.result.batchId as string;
      await until(async () =>
        push.mock.calls.some(([, m]) => kindOf(m) === 'device.command' && batchOf(m) === singleBatch),
      );
      push.mockRestore();
      const members = await call('GET', `/lighting/group/lamps?groupId=${group.body.result.id}`);
      expect(members.body.result.total).toBe(5);
    });

    it('asks for confirmation above the threshold (project scope counts every lamp)', async () => {
      // Five lamps are under the threshold: the project control goes through without confirm.
      const res = await call('POST', '/lighting/control/send', {
        scope: 'project',
        ids: [projectId],
        action: 'on',
      });
      expect(res.status).toBe(200);
      const job = await waitJob(res.body.result.id);
      expect(job.acked).toBe(5);
    });

    it('switches a circuit through the cabinet gateway and records the outcome', async () => {
      const cab = await call('POST', '/lighting/cabinet/add', {
        projectId,
        code: 'C1',
        name: 'Cabinet 1',
        gatewayId,
        circuitCount: 2,
      });
      expect(cab.status).toBe(200);
      const circuit = cab.body.result.circuits[1];
      await call('POST', '/lighting/circuit/addLamps', {
        circuitId: circuit.id,
        lampIds: lampIds.slice(0, 2),
      });
      const res = await call('POST', '/lighting/circuit/control', { circuitIds: [circuit.id], on: false });
      expect(res.status).toBe(200);
      await waitJob(res.body.result.id);
      expect(sim.gateways[0]!.circuits.get(2)).toBe(false);
      const after = await call('GET', `/lighting/cabinet/queryById?id=${cab.body.result.id}`);
      expect(after.body.result.circuits[1]).toMatchObject({ on: false, lastStatus: 'acked', lampCount: 2 });
    });

    it('runs a strategy when the test clock reaches its action, and previews it', async () => {
      const add = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'evening',
        startDate: '2025-06-10',
        endDate: '2025-06-10',
        actions: [{ at: { type: 'clock', time: '18:00' }, action: 'dim', level: 30 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(add.status).toBe(200);
      const preview = await call('POST', '/lighting/strategy/preview', {
        lampId: lampIds[0],
        from: '2025-06-09',
        days: 7,
      });
      expect(preview.status).toBe(200);
      expect(preview.body.result.entries).toHaveLength(1);
      expect(preview.body.result.entries[0]).toMatchObject({ localTime: '2025-06-10 18:00', level: 30 });
      expect(preview.body.result.days).toHaveLength(7);

      const clock = new TestClock('2025-06-10T09:55:00Z'); // 17:55 in Asia/Shanghai
      const s = scheduler(clock);
      expect((await s.tick()).executed).toHaveLength(0);
      clock.set('2025-06-10T10:00:20Z');
      const tick = await s.tick();
      expect(tick.executed).toHaveLength(1);
      expect(tick.executed[0]).toMatchObject({ lamps: 5, status: 'done' });
      await waitJob(tick.executed[0]!.jobId!);
      for (const a of ['L001', 'L002', 'L003', 'L004', 'L005']) expect(simLamp(a).level).toBe(30);
      expect((await s.tick()).executed).toHaveLength(0);
      await s.stop();
      const log = await call('GET', `/lighting/strategy/executions?strategyId=${add.body.result.id}`);
      expect(log.body.result.records).toHaveLength(1);
      expect(log.body.result.records[0]).toMatchObject({ status: 'done', lampCount: 5 });
      await call('DELETE', `/lighting/strategy/delete?id=${add.body.result.id}`);
    });

    it('restart rule: a missed action runs exactly once after a restart, never twice', async () => {
      const add = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'restart',
        startDate: '2025-06-11',
        endDate: '2025-06-11',
        actions: [{ at: { type: 'clock', time: '18:00' }, action: 'dim', level: 55 }],
        targets: [{ kind: 'gateway', id: gatewayId }],
      });
      const id = add.body.result.id;
      const clock = new TestClock('2025-06-11T09:50:00Z');
      const first = scheduler(clock);
      expect((await first.tick()).executed).toHaveLength(0);
      await first.stop();
      // Down over 18:00; back at 18:05 (within the grace window).
      clock.set('2025-06-11T10:05:00Z');
      const second = scheduler(clock);
      const tick = await second.tick();
      await second.stop();
      expect(tick.executed).toHaveLength(1);
      await waitJob(tick.executed[0]!.jobId!);
      expect(simLamp('L003').level).toBe(55);
      clock.set('2025-06-11T10:06:00Z');
      const third = scheduler(clock);
      expect((await third.tick()).executed).toHaveLength(0);
      await third.stop();
      const rows = await ctx().db.query<{ n: number; jobs: number }>(
        `select count(*)::int as n, count(distinct job_id)::int as jobs from lighting_execution where strategy_id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ n: 1, jobs: 1 });
      const commands = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from dev_command where batch_id in
           (select job_id from lighting_execution where strategy_id = $1)`,
        [id],
      );
      expect(commands[0]!.n).toBe(5);
      await call('DELETE', `/lighting/strategy/delete?id=${id}`);
    });

    it('overlap rule: at the same minute the higher priority wins; equal priority → the newer', async () => {
      const low = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'low',
        priority: 1,
        startDate: '2025-06-12',
        endDate: '2025-06-12',
        actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 80 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      const high = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'high',
        priority: 5,
        startDate: '2025-06-12',
        endDate: '2025-06-12',
        actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 20 }],
        targets: [{ kind: 'lamp', id: lampIds[1] }],
      });
      const clock = new TestClock('2025-06-12T11:00:10Z');
      const s = scheduler(clock);
      const tick = await s.tick();
      await s.stop();
      const byStrategy = Object.fromEntries(tick.executed.map((e) => [e.strategyId, e.lamps]));
      expect(byStrategy).toEqual({ [low.body.result.id]: 4, [high.body.result.id]: 1 });
      for (const e of tick.executed) await waitJob(e.jobId!);
      expect(simLamp('L002').level).toBe(20);
      expect(simLamp('L001').level).toBe(80);

      // Equal priority: the most recently changed governs (documented in plan.ts).
      const sameA = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'same A',
        priority: 7,
        startDate: '2025-06-13',
        endDate: '2025-06-13',
        actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 11 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      await new Promise((r) => setTimeout(r, 20));
      const sameB = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'same B',
        priority: 7,
        startDate: '2025-06-13',
        endDate: '2025-06-13',
        actions: [{ at: { type: 'clock', time: '19:00' }, action: 'dim', level: 22 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      clock.set('2025-06-13T11:00:10Z');
      const s2 = scheduler(clock);
      const tick2 = await s2.tick();
      await s2.stop();
      expect(tick2.executed.map((e) => e.strategyId)).toEqual([sameB.body.result.id]);
      await waitJob(tick2.executed[0]!.jobId!);
      expect(simLamp('L004').level).toBe(22);
      for (const r of [low, high, sameA, sameB])
        await call('DELETE', `/lighting/strategy/delete?id=${r.body.result.id}`);
    });

    it('a manual override with an end time holds off the strategy, which takes over after it', async () => {
      const add = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'night',
        actions: [{ at: { type: 'clock', time: '20:00' }, action: 'dim', level: 60 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      const until = Date.now() + 60 * 60_000;
      const res = await call('POST', '/lighting/control/send', {
        scope: 'lamps',
        ids: [lampIds[4]],
        action: 'dim',
        level: 5,
        until,
      });
      expect(res.status).toBe(200);
      await waitJob(res.body.result.id);
      expect(simLamp('L005').level).toBe(5);
      // The scheduler's day: 20:00 falls while the override holds (it ends in an hour of real time).
      const clock = new TestClock(new Date(until - 30 * 60_000));
      const [date, time] = localDateTime(clock.now().getTime(), 'Asia/Shanghai').split(' ') as [
        string,
        string,
      ];
      await call('PUT', '/lighting/strategy/edit', {
        id: add.body.result.id,
        projectId,
        name: 'night',
        startDate: date,
        endDate: date,
        actions: [{ at: { type: 'clock', time }, action: 'dim', level: 60 }],
        targets: [{ kind: 'project', id: projectId }],
      });
      clock.advance(30_000);
      const s = scheduler(clock);
      const tick = await s.tick();
      expect(tick.executed).toHaveLength(1);
      expect(tick.executed[0]!.lamps).toBe(4);
      await waitJob(tick.executed[0]!.jobId!);
      expect(simLamp('L005').level).toBe(5);
      expect(simLamp('L001').level).toBe(60);
      // After the end time the lamp returns to what the strategy prescribes.
      clock.set(until + 60_000);
      await ctx().db.query('update lighting_override set until = $1', [new Date(until).toISOString()]);
      const later = await s.tick();
      await s.stop();
      expect(later.overridesEnded).toBe(1);
      await until5(() => simLamp('L005').level === 60);
      await call('DELETE', `/lighting/strategy/delete?id=${add.body.result.id}`);
    });

    it('pushes schedules and fallback levels to gateways and shows who holds the current version', async () => {
      const add = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'gateway schedule',
        fallbackLevel: 70,
        actions: [
          { at: { type: 'sunset', offsetMinutes: 10 }, action: 'on' },
          { at: { type: 'clock', time: '23:30' }, action: 'dim', level: 40 },
          { at: { type: 'sunrise', offsetMinutes: -5 }, action: 'off' },
        ],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(add.status).toBe(200);
      const before = await call('GET', `/lighting/strategy/gateways?projectId=${projectId}`);
      expect(before.body.result.records[0]).toMatchObject({ gatewayId, upToDate: false });
      const res = await call('POST', '/lighting/strategy/push', { projectId });
      expect(res.status).toBe(200);
      const job = await waitJob(res.body.result.id);
      expect(job.acked).toBe(2);
      const gw = sim.gateways[0]!;
      expect(gw.fallbackLevel).toBe(70);
      expect(gw.schedule?.entries).toHaveLength(3);
      const after = await until(async () => {
        const r = await call('GET', `/lighting/strategy/gateways?projectId=${projectId}`);
        return r.body.result.records[0].upToDate ? r.body.result.records[0] : null;
      });
      expect(after.heldVersion).toBe(gw.scheduleVersion);
      await call('DELETE', `/lighting/strategy/delete?id=${add.body.result.id}`);
    });

    it('disabling or deleting a strategy pushes the resulting (empty) schedule; push sends what gateways need', async () => {
      const body = {
        projectId,
        name: 'to be ended',
        actions: [
          { at: { type: 'sunset', offsetMinutes: 0 }, action: 'on' },
          { at: { type: 'clock', time: '23:00' }, action: 'dim', level: 50 },
        ],
        targets: [{ kind: 'project', id: projectId }],
      };
      const gw = sim.gateways[0]!;
      const view = async () =>
        (await call('GET', `/lighting/strategy/gateways?projectId=${projectId}`)).body.result.records[0];
      const add = await call('POST', '/lighting/strategy/add', body);
      expect(add.status).toBe(200);
      const id = add.body.result.id as string;
      await waitJob((await call('POST', '/lighting/strategy/push', { projectId })).body.result.id);
      await until(
        async () => Array.isArray(gw.schedule?.entries) && (gw.schedule.entries as unknown[]).length === 2,
      );
      const held = await until(async () => ((await view()).upToDate ? await view() : null));
      expect(held.expectedVersion).toBe(gw.scheduleVersion);

      // Disabling: the gateway is sent the empty schedule without anyone pressing push.
      const disabled = await call('PUT', '/lighting/strategy/edit', { ...body, id, enabled: false });
      expect(disabled.status).toBe(200);
      await until(async () => gw.scheduleVersion === EMPTY_SCHEDULE_VERSION);
      expect(gw.schedule?.entries).toEqual([]);
      const empty = await until(async () => ((await view()).upToDate ? await view() : null));
      expect(empty).toMatchObject({
        expectedVersion: EMPTY_SCHEDULE_VERSION,
        heldVersion: EMPTY_SCHEDULE_VERSION,
      });

      // Enabled again and pushed, then deleted: the gateway is out of date until it acknowledges the empty one.
      await call('PUT', '/lighting/strategy/edit', { ...body, id, enabled: true });
      const outdated = await view();
      expect(outdated.upToDate).toBe(false);
      expect(outdated.expectedVersion).not.toBe(EMPTY_SCHEDULE_VERSION);
      const push = await call('POST', '/lighting/strategy/push', { projectId });
      expect(push.body.result.rejected).toEqual([]);
      expect((await waitJob(push.body.result.id)).acked).toBe(2);
      expect(gw.schedule?.entries).toHaveLength(2);
      await until(async () => (await view()).upToDate);
      const deleted = await call('DELETE', `/lighting/strategy/delete?id=${id}`);
      expect(deleted.status).toBe(200);
      await until(async () => gw.scheduleVersion === EMPTY_SCHEDULE_VERSION);
      await until(async () => (await view()).upToDate);
      // With nothing left to hold, push still sends each gateway its (empty) schedule.
      const again = await call('POST', '/lighting/strategy/push', { projectId });
      expect(again.body.result).toMatchObject({ total: 2, rejected: [] });
      expect((await waitJob(again.body.result.id)).acked).toBe(2);
    });

    it('areas and roads, lamp filters by road and state, pole detail, home figures', async () => {
      const area = await call('POST', '/lighting/area/add', { projectId, name: 'North' });
      const road = await call('POST', '/lighting/road/add', { areaId: area.body.result.id, name: 'Main St' });
      const pole = await call('POST', '/lighting/pole/add', {
        projectId,
        code: 'P1',
        name: 'Pole 1',
        longitude: 117.18,
        latitude: 34.16,
      });
      await call('PUT', '/lighting/device/edit', { id: lampIds[0], poleId: pole.body.result.id });
      const assign = await call('POST', '/lighting/pole/assignRoad', {
        poleIds: [pole.body.result.id],
        roadId: road.body.result.id,
      });
      expect(assign.body.result.updated).toBe(1);
      const tree = await call('GET', `/lighting/area/tree?projectId=${projectId}`);
      expect(tree.body.result[0].children[0].children[0].title).toBe('Main St');
      const byRoad = await call('GET', `/lighting/lamp/list?roadId=${road.body.result.id}`);
      expect(byRoad.body.result.records.map((r: { id: string }) => r.id)).toEqual([lampIds[0]]);
      const byArea = await call('GET', `/lighting/lamp/list?areaId=${area.body.result.id}`);
      expect(byArea.body.result.total).toBe(1);
      const detail = await call('GET', `/lighting/pole/detail?id=${pole.body.result.id}`);
      expect(detail.body.result).toMatchObject({ roadName: 'Main St', areaName: 'North', road: 'Main St' });
      expect(detail.body.result.devices[0].id).toBe(lampIds[0]);
      const on = await call('GET', `/lighting/lamp/list?gatewayId=${gatewayId}&state=on`);
      const off = await call('GET', `/lighting/lamp/list?gatewayId=${gatewayId}&state=off`);
      expect(on.body.result.total + off.body.result.total).toBe(5);
      // Counted without the gateway and state joins when no condition needs them: same totals.
      const page = await call('GET', `/lighting/lamp/list?projectId=${projectId}&pageSize=2`);
      expect(page.body.result).toMatchObject({ total: 5, pages: 3 });
      expect(page.body.result.records).toHaveLength(2);
      const offline = await call('GET', `/lighting/lamp/list?projectId=${projectId}&state=offline`);
      expect(offline.body.result.total).toBe(0);
      // The fault filter (read through the partial index of faulty states) finds exactly the
      // lamp with an active fault.
      await ctx().db.query(`update dev_state set faults = '["lampFailure"]'::jsonb where device_id = $1`, [
        lampIds[1],
      ]);
      const faulty = await call('GET', `/lighting/lamp/list?projectId=${projectId}&state=fault`);
      expect(faulty.body.result.total).toBe(1);
      expect(faulty.body.result.records.map((r: { id: string }) => r.id)).toEqual([lampIds[1]]);
      await ctx().db.query(`update dev_state set faults = '[]'::jsonb where device_id = $1`, [lampIds[1]]);
      expect(
        (await call('GET', `/lighting/lamp/list?projectId=${projectId}&state=fault`)).body.result.total,
      ).toBe(0);
      const overview = await call('GET', `/lighting/stats/overview?projectId=${projectId}`);
      expect(overview.status).toBe(200);
      expect(overview.body.result).toMatchObject({ lampTotal: 5, online: 5, onlineRate: 1, gatewayTotal: 1 });
      expect(overview.body.result.lightingRate).toBeCloseTo(on.body.result.total / 5);
    });

    it('exports every lighting list as a real .xlsx with the rows of the list (same filters), streamed page by page', async () => {
      await call('POST', '/lighting/group/add', {
        projectId,
        name: 'Export group',
        lampIds: lampIds.slice(0, 2),
      });
      const cabinet = await call('POST', '/lighting/cabinet/add', {
        projectId,
        code: 'CAB-X',
        name: 'Export cabinet',
        gatewayId,
      });
      expect(cabinet.status).toBe(200);
      const strategy = await call('POST', '/lighting/strategy/add', {
        projectId,
        name: 'Export strategy',
        actions: [
          { at: { type: 'sunset', offsetMinutes: 0 }, action: 'on' },
          { at: { type: 'clock', time: '23:00' }, action: 'dim', level: 50 },
          { at: { type: 'sunrise', offsetMinutes: 0 }, action: 'off' },
        ],
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(strategy.status).toBe(200);
      // Floating-point noise in a reading and a coordinate comes out rounded.
      await ctx().db.query(
        `update dev_state set vals = vals || '{"voltage": 229.96000000000001, "current": 0.43100000000000005}'::jsonb
          where device_id = $1`,
        [lampIds[0]],
      );
      const sheetOf = async (url: string, lang = 'zh-CN') => {
        const res = await ctx().app.inject({
          method: 'GET',
          url: `/ics${url}`,
          headers: { ...auth(token), 'accept-language': lang, 'x-time-zone': 'Asia/Shanghai' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('spreadsheetml');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        const rows: unknown[][] = [];
        sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      const listOf = async (url: string) => (await call('GET', `${url}&pageSize=1000`)).body.result;

      const lamps = await sheetOf(`/lighting/lamp/exportXls?gatewayId=${gatewayId}&column=address&order=asc`);
      expect(lamps[0]).toContain('电压 (V)');
      expect(lamps.slice(1).map((r) => r[1])).toEqual(['L001', 'L002', 'L003', 'L004', 'L005']);
      const voltage = lamps[0]!.indexOf('电压 (V)');
      const current = lamps[0]!.indexOf('电流 (A)');
      expect(lamps[1]![voltage]).toBe(230);
      expect(lamps[1]![current]).toBe(0.43);
      // The list's filters apply: one lamp by address.
      const one = await sheetOf(`/lighting/lamp/exportXls?gatewayId=${gatewayId}&keyword=L003`, 'en-US');
      expect(one[0]![0]).toBe('Name');
      expect(one.slice(1).map((r) => r[1])).toEqual(['L003']);

      const gateways = await sheetOf(`/lighting/gateway/exportXls?projectId=${projectId}`);
      expect(gateways.slice(1).map((r) => r[0])).toEqual(['GW-L']);
      const groups = await sheetOf(`/lighting/group/exportXls?projectId=${projectId}`);
      expect(groups.slice(1).map((r) => r[0])).toContain('Export group');
      const cabinets = await sheetOf(`/lighting/cabinet/exportXls?projectId=${projectId}`);
      expect(cabinets.slice(1).map((r) => r[0])).toEqual(['CAB-X']);
      const strategies = await sheetOf(`/lighting/strategy/exportXls?projectId=${projectId}`, 'en-US');
      const row = strategies.find((r) => r[0] === 'Export strategy')!;
      expect(row[3]).toBe('sunset on 100 %, 23:00 on 50 %, sunrise off');
      const commands = await sheetOf(`/lighting/command/exportXls?gatewayId=${gatewayId}`);
      const listed = await listOf(`/lighting/command/list?gatewayId=${gatewayId}`);
      expect(commands.length - 1).toBe(listed.total);
      expect(commands.slice(1).every((r) => !String(r[3]).includes('{'))).toBe(true);

      // More poles than one page: the export reads every page and keeps the list's order.
      await ctx().db.query(
        `insert into dev_pole (project_id, code, name, longitude, latitude)
         select $1, 'EXP-' || lpad(i::text, 5, '0'), 'pole ' || i, 117.16824899999999, 34.1 from generate_series(1, 2100) i`,
        [projectId],
      );
      const poles = await sheetOf(
        `/lighting/pole/exportXls?projectId=${projectId}&code=EXP-&column=code&order=asc`,
      );
      expect(poles.length - 1).toBe(2100);
      expect(poles[1]).toEqual(expect.arrayContaining(['EXP-00001', '117.168249']));
      expect(poles[2100]![0]).toBe('EXP-02100');
      await ctx().db.query(`delete from dev_pole where code like 'EXP-%'`);

      // A bad filter answers the error envelope, not a broken file.
      const bad = await call('GET', '/lighting/lamp/exportXls?pageSize=abc');
      expect(bad.status).toBe(400);
      await call('DELETE', `/lighting/strategy/delete?id=${strategy.body.result.id}`);
    });

    it('enforces marks: a viewer lists but cannot control or edit strategies', async () => {
      await ctx().createUser({ username: 'viewer1', roles: ['role-viewer'] });
      const viewer = await ctx().login('viewer1');
      const list = await ctx().request({
        method: 'GET',
        url: '/ics/lighting/group/list',
        headers: auth(viewer),
      });
      expect(list.status).toBe(200);
      const control = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/control/send',
        headers: auth(viewer),
        payload: { scope: 'lamps', ids: [lampIds[0]], action: 'on' },
      });
      expect(control.status).toBe(403);
      const strategy = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/strategy/add',
        headers: auth(viewer),
        payload: {},
      });
      expect(strategy.status).toBe(403);
      const perms = await ctx().db.query<{ perms: string; n: number }>(
        `select perms, count(*)::int as n from sys_permission where perms is not null and del_flag = 0
          group by perms having count(*) > 1`,
      );
      expect(perms).toEqual([]);
    });
  },
  env,
);

const until5 = (probe: () => boolean) => until(async () => probe(), 10_000).then(() => undefined);
