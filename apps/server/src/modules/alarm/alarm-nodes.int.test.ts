import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, dbVariants, sharedPostgres, startTestApp } from '../../../test/harness';
import type { Condition } from './alarm-engine';

// Two API nodes on one PostgreSQL database, as two processes behind a load balancer: both
// raise the same faults at the same time, and each alarm exists once, counted exactly.
const postgres = dbVariants().find((v) => v.name === 'postgres');
const title = 'alarms across two API nodes (one database)';

const LAMPS = 30;
const ROUNDS = 4;

describe.skipIf(!postgres)(postgres ? title : `${title}: skipped, set TEST_DATABASE_URL`, () => {
  type Node = Awaited<ReturnType<typeof startTestApp>>;
  let nodeA: Node;
  let nodeB: Node;
  let dropDatabase: () => Promise<void>;
  let projectId: string;
  let gatewayId: string;
  const lampIds: string[] = [];

  beforeAll(async () => {
    const shared = await sharedPostgres(postgres!);
    dropDatabase = shared.drop;
    nodeA = await startTestApp(shared.perNode);
    nodeB = await startTestApp(shared.perNode);
    const token = await nodeA.login();
    const [project] = await nodeA.db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Alarm nodes', 'ALARM-NODES') returning id`,
    );
    projectId = project!.id;
    const gw = await nodeA.request({
      method: 'POST',
      url: '/ics/lighting/gateway/add',
      headers: auth(token),
      payload: { projectId, sn: 'ALARM-NODES-GW', name: 'shared' },
    });
    gatewayId = gw.body.result.id;
    for (let i = 0; i < LAMPS; i++) {
      const lamp = await nodeA.request({
        method: 'POST',
        url: '/ics/lighting/device/add',
        headers: auth(token),
        payload: { gatewayId, kind: 'lamp', address: `L${i}`, name: `lamp ${i}` },
      });
      expect(lamp.status).toBe(200);
      lampIds.push(lamp.body.result.id);
    }
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await dropDatabase?.();
  });

  const fault = (deviceId: string, code: string): Condition => ({
    projectId,
    sourceKind: 'device',
    sourceId: deviceId,
    deviceId,
    gatewayId,
    poleId: null,
    type: 'fault',
    code,
    at: new Date(),
    detail: {},
  });

  it('keeps one alarm per lamp and code when both nodes raise the same faults concurrently', async () => {
    const conditions = lampIds.map((id) => fault(id, 'lampFailure'));
    await Promise.all(
      Array.from({ length: ROUNDS }, () => [
        nodeA.services.alarm.engine.raise(conditions),
        nodeB.services.alarm.engine.raise(conditions),
      ]).flat(),
    );
    const rows = await nodeA.db.query<{ source_id: string; count: number }>(
      `select source_id, count from alarm_record where code = 'lampFailure' and not closed`,
    );
    expect(rows).toHaveLength(LAMPS);
    expect(rows.every((r) => r.count === ROUNDS * 2)).toBe(true);
    const [raised] = await nodeA.db.query<{ n: number }>(
      `select count(*)::int as n from alarm_event e join alarm_record a on a.id = e.alarm_id
        where a.code = 'lampFailure' and e.action = 'raised'`,
    );
    expect(raised!.n).toBe(LAMPS);
    const counts = await nodeB.services.alarm.alarms.counts(
      (await nodeB.db.query<{ id: string }>(`select id from sys_user where username = 'admin'`))[0]!.id,
      projectId,
    );
    expect(counts.open).toBe(LAMPS);
  });

  it('raises a condition waiting out its grace period once, whichever node sweeps', async () => {
    const conditions = lampIds.map((id) => ({ ...fault(id, 'device_offline'), type: 'offline' as const }));
    // Both nodes hear the lamps go silent (default rule: 300 s of grace).
    await Promise.all([
      nodeA.services.alarm.engine.observe(conditions),
      nodeB.services.alarm.engine.observe(conditions),
    ]);
    const later = new Date(Date.now() + 301_000);
    await Promise.all([
      nodeA.services.alarm.engine.raiseDue(later),
      nodeB.services.alarm.engine.raiseDue(later),
    ]);
    const rows = await nodeA.db.query<{ count: number }>(
      `select count from alarm_record where code = 'device_offline' and not closed`,
    );
    expect(rows).toHaveLength(LAMPS);
    expect(rows.every((r) => r.count === 1)).toBe(true);
  });

  it('resolves each alarm once when both nodes resolve the same alarms', async () => {
    const admin = (
      await nodeA.db.query<{ id: string }>(`select id from sys_user where username = 'admin'`)
    )[0]!.id;
    const ids = (
      await nodeA.db.query<{ id: string }>(
        `select id from alarm_record where code = 'lampFailure' and not closed`,
      )
    ).map((r) => r.id);
    const outcomes = await Promise.allSettled([
      nodeA.services.alarm.alarms.resolve(admin, 'admin', ids, 'a'),
      nodeB.services.alarm.alarms.resolve(admin, 'admin', ids, 'b'),
    ]);
    const resolved = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.count : 0));
    expect(resolved.reduce((a, b) => a + b, 0)).toBe(LAMPS);
    const [events] = await nodeA.db.query<{ n: number }>(
      `select count(*)::int as n from alarm_event where action = 'resolved' and alarm_id = any($1::text[])`,
      [ids],
    );
    expect(events!.n).toBe(LAMPS);
  });
});
