import { topics } from '@ics/contract/server';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';
import { until } from '../../../test/until';

const env = { MQTT_PORT: '0', ICS_DEVICE_OFFLINE_SECONDS: '60', ICS_DEVICE_STATE_WRITE_MS: '100' };

type Alarm = {
  id: string;
  code: string;
  type: string;
  severity: string;
  status: string;
  cleared: boolean;
  closed: boolean;
  parentId: string | null;
  childCount: number;
  sourceKind: string;
  sourceId: string;
  sourceName: string | null;
  cabinetId: string | null;
  deviceId: string | null;
  detail: Record<string, unknown>;
};

// Circuits and cabinets that lost their supply, told from what their lamps report: a gateway
// with five lamps over MQTT, cabinet A with two circuits (L1 and L2 on the first, L3 on the
// second) and cabinet B with one (L4 and L5), all made through the lighting API.
describeWithApp(
  'supply loss alarms',
  (ctx) => {
    let token: string;
    let projectId: string;
    let client: MqttClient;
    const sn = 'GW-SUPPLY';
    const lamps: Record<string, string> = {};
    let cabinetA: string;
    let circuitA1: string;
    let circuitA2: string;
    let circuitB1: string;

    const api = async (method: 'GET' | 'POST', path: string, payload?: unknown) =>
      ctx().request({ method, url: `/ics${path}`, headers: auth(token), ...(payload ? { payload } : {}) });
    const list = async (query: string): Promise<Alarm[]> => {
      const res = await api('GET', `/alarm/list?pageSize=100&${query}`);
      expect(res.status).toBe(200);
      return res.body.result.records;
    };
    /** The uncleared active alarms of a source and code. */
    const standing = async (sourceId: string, code: string) =>
      (await list(`sourceId=${sourceId}&code=${code}&status=active`)).filter((a) => !a.cleared);
    const evaluate = () => ctx().services.alarm.anomalies.evaluate(new Date());
    /** Lamps report (dark, so no lamp anomaly joins in) with these fault flags; their alarms follow. */
    const report = async (faults: Record<string, string[]>) => {
      await client.publishAsync(
        topics.up(sn, 'telemetry'),
        JSON.stringify({
          ts: Date.now(),
          readings: Object.entries(faults).map(([dev, f]) => ({ dev, on: false, level: 0, faults: f })),
        }),
        { qos: 1 },
      );
      await until(async () => {
        const rows = await ctx().db.query<{ id: string; faults: string[]; online: boolean }>(
          'select device_id as id, faults, online from dev_state where device_id = any($1::text[])',
          [Object.keys(faults).map((dev) => lamps[dev])],
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        return Object.entries(faults).every(([dev, f]) => {
          const s = byId.get(lamps[dev]!);
          return s?.online && [...s.faults].sort().join() === [...f].sort().join();
        })
          ? true
          : null;
      });
      await ctx().services.alarm.source.flush();
    };

    beforeAll(async () => {
      await ctx().services.devices.start();
      token = await ctx().login();
      const [p] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('Supply P', 'SUPPLY-P') returning id`,
      );
      projectId = p!.id;
      await ctx().db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [
        projectId,
      ]);
      const gw = await api('POST', '/lighting/gateway/add', { projectId, sn, name: 'gw supply' });
      expect(gw.status).toBe(200);
      client = await mqtt.connectAsync(ctx().services.devices.brokerUrl!, {
        clientId: `${sn}:t`,
        username: sn,
        password: gw.body.result.credentials.password,
        reconnectPeriod: 0,
      });
      const addresses = ['L1', 'L2', 'L3', 'L4', 'L5'];
      await client.publishAsync(
        topics.up(sn, 'hello'),
        JSON.stringify({
          v: 1,
          ts: Date.now(),
          model: 'X1',
          firmware: '1',
          heartbeat: 30,
          devices: addresses.map((dev) => ({ dev, kind: 'lamp' })),
        }),
        { qos: 1 },
      );
      const devices = await until(async () => {
        const rows = await ctx().db.query<{ id: string; address: string }>(
          'select id, address from dev_device where gateway_id = $1',
          [gw.body.result.id],
        );
        return rows.length === addresses.length ? rows : null;
      });
      for (const d of devices) lamps[d.address] = d.id;

      const cabinet = async (code: string, name: string, circuitCount: number) => {
        const res = await api('POST', '/lighting/cabinet/add', {
          projectId,
          code,
          name,
          gatewayId: gw.body.result.id,
          circuitCount,
        });
        expect(res.status).toBe(200);
        return res.body.result as { id: string; circuits: Array<{ id: string }> };
      };
      const onCircuit = async (circuitId: string, devs: string[]) => {
        const res = await api('POST', '/lighting/circuit/addLamps', {
          circuitId,
          lampIds: devs.map((d) => lamps[d]),
        });
        expect(res.status).toBe(200);
      };
      const a = await cabinet('CA', 'Cabinet A', 2);
      const b = await cabinet('CB', 'Cabinet B', 1);
      cabinetA = a.id;
      circuitA1 = a.circuits[0]!.id;
      circuitA2 = a.circuits[1]!.id;
      circuitB1 = b.circuits[0]!.id;
      await onCircuit(circuitA1, ['L1', 'L2']);
      await onCircuit(circuitA2, ['L3']);
      await onCircuit(circuitB1, ['L4', 'L5']);
      await report({ L1: [], L2: [], L3: [], L4: [], L5: [] });
    });
    afterAll(async () => {
      await client?.endAsync();
    });

    it('raises nothing while one lamp of a circuit is still powered', async () => {
      await report({ L4: ['supplyLoss'] });
      await evaluate();
      expect(await list('type=supply&status=all')).toEqual([]);
      // The lamp's own fault is an alarm of its own.
      expect(await standing(lamps.L4!, 'supplyLoss')).toHaveLength(1);
    });

    it('raises a circuit loss when all its lamps report a lost supply, and clears it when they report power', async () => {
      await report({ L1: ['supplyLoss'], L2: ['supplyLoss'] });
      await evaluate();
      const [loss] = await standing(circuitA1, 'circuit_loss');
      expect(loss).toMatchObject({
        type: 'supply',
        severity: 'major',
        sourceKind: 'cabinet',
        sourceId: circuitA1,
        sourceName: 'Cabinet A · Circuit 1',
        cabinetId: cabinetA,
        parentId: null,
      });
      expect(loss!.detail).toMatchObject({ cabinetId: cabinetA, cabinetCode: 'CA', channel: 1, lamps: 2 });
      // Its other circuit is powered: the cabinet has not lost its supply.
      expect(await list(`type=supply&code=cabinet_supply_loss&status=all`)).toEqual([]);
      expect(await standing(circuitA2, 'circuit_loss')).toEqual([]);
      // A standing loss is not a new occurrence at each evaluation.
      await evaluate();
      expect((await list(`sourceId=${circuitA1}&code=circuit_loss&status=all`)).map((a) => a.id)).toEqual([
        loss!.id,
      ]);
      // Found by the name the list shows.
      expect((await list('keyword=Cabinet A')).map((a) => a.id)).toContain(loss!.id);

      await report({ L1: [], L2: [] });
      await evaluate();
      expect(await standing(circuitA1, 'circuit_loss')).toEqual([]);
      expect((await list(`sourceId=${circuitA1}&code=circuit_loss&status=all`))[0]).toMatchObject({
        id: loss!.id,
        cleared: true,
      });
    });

    it('raises a cabinet loss when every circuit lost its supply, folds its lamps’ and circuits’ alarms under it, and resolves them together', async () => {
      // The circuit alarm of the previous test is cleared but not resolved: resolve it out of the way.
      const old = await list(`sourceId=${circuitA1}&code=circuit_loss&status=active`);
      expect((await api('POST', '/alarm/resolve', { ids: old.map((a) => a.id) })).status).toBe(200);

      await report({ L1: ['supplyLoss'], L2: ['supplyLoss'], L3: ['supplyLoss'] });
      await evaluate();
      const [parent] = await standing(cabinetA, 'cabinet_supply_loss');
      expect(parent).toMatchObject({
        type: 'supply',
        severity: 'critical',
        sourceKind: 'cabinet',
        sourceName: 'Cabinet A',
        cabinetId: cabinetA,
        parentId: null,
        childCount: 5,
      });

      // The top level shows the cabinet with its count, and cabinet B's lamp apart from it.
      const top = await list(`projectId=${projectId}`);
      expect(top.map((a) => a.code).sort()).toEqual(['cabinet_supply_loss', 'supplyLoss']);
      expect(top.find((a) => a.code === 'supplyLoss')!.deviceId).toBe(lamps.L4);
      const children = await list(`parentId=${parent!.id}`);
      expect(children.map((a) => `${a.code}:${a.sourceId}`).sort()).toEqual(
        [
          `circuit_loss:${circuitA1}`,
          `circuit_loss:${circuitA2}`,
          `supplyLoss:${lamps.L1}`,
          `supplyLoss:${lamps.L2}`,
          `supplyLoss:${lamps.L3}`,
        ].sort(),
      );

      // A lamp behind the cabinet that reports another fault meanwhile joins the parent.
      await report({ L3: ['supplyLoss', 'lampFailure'] });
      await evaluate();
      expect((await standing(lamps.L3!, 'lampFailure'))[0]!.parentId).toBe(parent!.id);
      expect((await standing(cabinetA, 'cabinet_supply_loss'))[0]!.childCount).toBe(6);

      const resolved = await api('POST', '/alarm/resolve', { ids: [parent!.id], comment: 'feeder repaired' });
      expect(resolved.body.result).toEqual({ count: 7 });
      expect((await list(`parentId=${parent!.id}&status=all`)).every((a) => a.status === 'resolved')).toBe(
        true,
      );

      // Power back: the cabinet's and circuits' alarms clear and, being resolved, close.
      await report({ L1: [], L2: [], L3: [] });
      await evaluate();
      expect(await list('type=supply&status=active')).toEqual([]);
      expect((await list(`sourceId=${cabinetA}&code=cabinet_supply_loss&status=closed`))[0]!.id).toBe(
        parent!.id,
      );
    });
  },
  { env },
);
