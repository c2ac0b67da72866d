import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  dbVariants,
  describeWithApp,
  sharedPostgres,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { demoLighting } from '../../plugins/demo-district';
import { type Demo, startDemo } from './demo';

const env = { MQTT_PORT: '0' };

const credentialHashes = async (ctx: TestApp): Promise<Map<string, string>> =>
  new Map(
    (
      await ctx.db.query<{ sn: string; credential_hash: string }>(
        'select sn, credential_hash from dev_gateway order by sn',
      )
    ).map((r) => [r.sn, r.credential_hash]),
  );

const demoProjectId = async (ctx: TestApp): Promise<string> =>
  (await ctx.db.query<{ id: string }>(`select id from sys_project where code = 'DEMO' and del_flag = 0`))[0]!
    .id;

/** Starts the demo on a test app's node the way the app does, its district furnished. */
const startDemoOf = (ctx: TestApp): Promise<Demo> =>
  startDemo(
    ctx.services.devices,
    ctx.db,
    ctx.services.project.service,
    ctx.app.log,
    demoLighting(ctx.services.lighting),
  );

/** What a user sees of the demo district through the API. */
const districtOf = async (ctx: TestApp, projectId: string) => {
  const headers = auth(await ctx.login());
  const get = async (url: string) => {
    const res = await ctx.request({ method: 'GET', url, headers });
    expect(res.status).toBe(200);
    return res.body.result;
  };
  const [tree] = await get(`/ics/lighting/area/tree?projectId=${projectId}`);
  const roads = await get(`/ics/lighting/road/list?projectId=${projectId}&pageSize=50`);
  const groups = await get(`/ics/lighting/group/list?projectId=${projectId}&pageSize=50`);
  const cabinets = await get(`/ics/lighting/cabinet/list?projectId=${projectId}&pageSize=50`);
  const strategies = await get(`/ics/lighting/strategy/list?projectId=${projectId}&pageSize=50`);
  return { tree, roads, groups, cabinets, strategies };
};

/** The demo's lamps whose state carries a fault flag, waited for (the first telemetry). */
const faultedLamps = async (ctx: TestApp, projectId: string): Promise<string[]> => {
  const read = () =>
    ctx.db.query<{ address: string }>(
      `select d.address from dev_device d join dev_state s on s.device_id = d.id
        where d.project_id = $1 and d.kind = 'lamp' and jsonb_array_length(s.faults) > 0`,
      [projectId],
    );
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    const rows = await read();
    if (rows.length) return rows.map((r) => r.address);
    await new Promise((r) => setTimeout(r, 200));
  }
  return [];
};

describeWithApp(
  'demo: a small district, set up once',
  (ctx) => {
    let demo: Demo;

    beforeAll(async () => {
      await ctx().services.devices.start();
      demo = await startDemoOf(ctx());
    });
    afterAll(async () => {
      await demo?.stop();
    });

    it('has streets with their poles, a group per street, a cabinet feeding them, a strategy and lamps in fault', async () => {
      expect(demo.running).toBe(true);
      const projectId = await demoProjectId(ctx());
      const { tree, roads, groups, cabinets, strategies } = await districtOf(ctx(), projectId);

      // Named and described in each language, not one string holding both.
      const headers = auth(await ctx().login());
      const inLanguage = async (url: string, lang: string) =>
        (await ctx().request({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } })).body
          .result;
      const project = async (lang: string) =>
        (await inLanguage('/ics/sys/project/list?code=DEMO', lang)).records[0];
      expect(await project('zh-CN')).toMatchObject({
        localName: '彭城示范片区',
        localDescription: expect.stringMatching(/^解放路、建国路、彭城路的智慧路灯，.*日出关灯$/),
      });
      expect(await project('en-US')).toMatchObject({
        localName: 'Pengcheng District',
        localDescription: expect.stringMatching(/^Smart street lights on Jiefang, .* off at sunrise$/),
      });
      expect(tree.title).toBe('彭城示范片区');
      const [englishTree] = await inLanguage(`/ics/lighting/area/tree?projectId=${projectId}`, 'en-US');
      expect(englishTree.title).toBe('Pengcheng District');

      expect(tree.children).toHaveLength(1);
      expect(tree.children[0].children.map((r: { title: string }) => r.title)).toEqual([
        '解放路',
        '建国路',
        '彭城路',
      ]);
      expect(roads.records).toHaveLength(3);
      for (const road of roads.records) expect(road.poleCount).toBe(20);
      expect(groups.records).toHaveLength(3);
      for (const group of groups.records) expect(group.lampCount).toBe(20);
      expect(cabinets.records).toHaveLength(1);
      const [cabinet] = cabinets.records;
      expect(cabinet.gatewaySn).toBe('DEMO-GW-01');
      expect(
        cabinet.circuits.map((c: { channel: number; lampCount: number }) => [c.channel, c.lampCount]),
      ).toEqual([
        [1, 20],
        [2, 20],
        [3, 20],
      ]);
      expect(strategies.records).toHaveLength(1);
      expect(strategies.records[0]).toMatchObject({
        enabled: true,
        targets: [{ kind: 'project', id: projectId }],
      });
      expect(strategies.records[0].actions.map((a: { action: string }) => a.action)).toEqual([
        'on',
        'dim',
        'off',
      ]);

      // Poles stand along their street, not on a grid: no two share a longitude on an east–west road.
      const poles = await ctx().db.query<{ longitude: number }>(
        `select p.longitude from dev_pole p join dev_gateway g on g.project_id = p.project_id
          where g.sn = 'DEMO-GW-01' and p.code like 'P1-%'`,
      );
      expect(new Set(poles.map((p) => Number(p.longitude))).size).toBe(20);

      expect((await faultedLamps(ctx(), projectId)).length).toBeGreaterThanOrEqual(1);

      // The lamps start as the strategy has them now (not lit by day), so the alarm list shows
      // the faulted lamps rather than every lamp burning.
      const firstLamps = () =>
        ctx().db.query<{ id: string; on: boolean | null }>(
          `select d.id, (s.vals->>'on')::boolean as on from dev_device d join dev_state s on s.device_id = d.id
            where d.project_id = $1 and d.kind = 'lamp' and d.address = 'L001'`,
          [projectId],
        );
      let lamps = await firstLamps();
      for (const until = Date.now() + 15_000; lamps.some((l) => l.on === null) && Date.now() < until; ) {
        await new Promise((r) => setTimeout(r, 200));
        lamps = await firstLamps();
      }
      const planned = await ctx().services.lighting.scheduledLevels.at(new Date());
      expect(lamps).toHaveLength(3);
      for (const lamp of lamps) expect(lamp.on).toBe((planned.get(lamp.id)?.level ?? 0) > 0);
    });

    it('keeps the district as the user left it across a restart, and adds nothing', async () => {
      const projectId = await demoProjectId(ctx());
      const headers = auth(await ctx().login());
      const before = await districtOf(ctx(), projectId);
      const group = before.groups.records[0];
      const renamed = await ctx().request({
        method: 'PUT',
        url: '/ics/lighting/group/edit',
        headers,
        payload: { id: group.id, name: '夜景照明' },
      });
      expect(renamed.status).toBe(200);

      await demo.stop();
      demo = await startDemoOf(ctx());
      expect(demo.running).toBe(true);

      const after = await districtOf(ctx(), projectId);
      expect(after.roads.total).toBe(3);
      expect(after.groups.total).toBe(3);
      expect(after.groups.records.map((g: { name: string }) => g.name)).toContain('夜景照明');
      expect(after.cabinets.total).toBe(1);
      expect(after.strategies.total).toBe(1);
      const [{ n }] = (await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from sys_project where code = 'DEMO'`,
      )) as [{ n: number }];
      expect(n).toBe(1);
    });
  },
  env,
);

describeWithApp(
  'demo: the gateways it created, and only those',
  (ctx) => {
    let demo: Demo;

    beforeAll(async () => {
      await ctx().services.devices.start();
      demo = await startDemoOf(ctx());
    });
    afterAll(async () => {
      await demo?.stop();
    });

    it('leaves a gateway a user added to the demo project alone across a demo restart', async () => {
      expect(demo.running).toBe(true);
      const token = await ctx().login();
      const added = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/add',
        headers: auth(token),
        payload: { projectId: await demoProjectId(ctx()), sn: 'USER-GW-1', name: 'mine' },
      });
      expect(added.status).toBe(200);
      const { password } = added.body.result.credentials;
      const url = ctx().services.devices.brokerUrl!;
      const gateway = await mqtt.connectAsync(url, {
        clientId: 'USER-GW-1',
        username: 'USER-GW-1',
        password,
        reconnectPeriod: 0,
      });
      let closed = false;
      gateway.on('close', () => {
        closed = true;
      });
      const before = await credentialHashes(ctx());

      await demo.stop();
      demo = await startDemoOf(ctx());
      expect(demo.running).toBe(true);

      const after = await credentialHashes(ctx());
      expect(after.get('USER-GW-1')).toBe(before.get('USER-GW-1'));
      // The demo's own gateways got new credentials (the simulator cannot reuse the old ones).
      const own = [...before.keys()].filter((sn) => sn.startsWith('DEMO-GW-'));
      expect(own).toHaveLength(3);
      for (const sn of own) expect(after.get(sn)).not.toBe(before.get(sn));
      expect(closed).toBe(false);
      expect(gateway.connected).toBe(true);
      await gateway.endAsync();
      const again = await mqtt.connectAsync(url, {
        clientId: 'USER-GW-1',
        username: 'USER-GW-1',
        password,
        reconnectPeriod: 0,
      });
      await again.endAsync();
    });
  },
  env,
);

const postgres = dbVariants().find((v) => v.name === 'postgres');
const title = 'demo on two API nodes (one database)';

describe.skipIf(!postgres)(postgres ? title : `${title}: skipped, set TEST_DATABASE_URL`, () => {
  type Node = Awaited<ReturnType<typeof startTestApp>>;
  let nodes: Node[] = [];
  let demos: Demo[] = [];
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const shared = await sharedPostgres(postgres!);
    dropDatabase = shared.drop;
    nodes = [await startTestApp(shared.perNode, env), await startTestApp(shared.perNode, env)];
    for (const node of nodes) await node.services.devices.start();
  });
  afterAll(async () => {
    for (const demo of demos) await demo.stop();
    for (const node of nodes) await node.close();
    await dropDatabase?.();
  });

  it('runs one simulator, and the other node takes over when it stops', async () => {
    demos = await Promise.all(nodes.map((n) => startDemoOf(n)));
    expect(demos.map((d) => d.running).sort()).toEqual([false, true]);
    const [{ n: projects }] = (await nodes[0]!.db.query<{ n: number }>(
      `select count(*)::int as n from sys_project where code = 'DEMO'`,
    )) as [{ n: number }];
    expect(projects).toBe(1);
    // The district was set up once, by the node that created the project.
    const district = await districtOf(nodes[1]!, await demoProjectId(nodes[0]!));
    expect([
      district.roads.total,
      district.groups.total,
      district.cabinets.total,
      district.strategies.total,
    ]).toEqual([3, 3, 1, 1]);

    const leader = demos.find((d) => d.running)!;
    const other = demos.find((d) => !d.running)!;
    await leader.stop();
    // What the other node's timer does every 30 s.
    await other.lead();
    expect(other.running).toBe(true);
  });
});
