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

describeWithApp(
  'demo: the gateways it created, and only those',
  (ctx) => {
    let demo: Demo;

    beforeAll(async () => {
      await ctx().services.devices.start();
      demo = await startDemo(ctx().services.devices, ctx().db, ctx().services.project.service, ctx().app.log);
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
      demo = await startDemo(ctx().services.devices, ctx().db, ctx().services.project.service, ctx().app.log);
      expect(demo.running).toBe(true);

      const after = await credentialHashes(ctx());
      expect(after.get('USER-GW-1')).toBe(before.get('USER-GW-1'));
      // The demo's own gateways got new credentials (the simulator cannot reuse the old ones).
      const own = [...before.keys()].filter((sn) => sn.startsWith('DEMO-GW-'));
      expect(own).toHaveLength(5);
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
    demos = await Promise.all(
      nodes.map((n) => startDemo(n.services.devices, n.db, n.services.project.service, n.app.log)),
    );
    expect(demos.map((d) => d.running).sort()).toEqual([false, true]);
    const [{ n: projects }] = (await nodes[0]!.db.query<{ n: number }>(
      `select count(*)::int as n from sys_project where code = 'DEMO'`,
    )) as [{ n: number }];
    expect(projects).toBe(1);

    const leader = demos.find((d) => d.running)!;
    const other = demos.find((d) => !d.running)!;
    await leader.stop();
    // What the other node's timer does every 30 s.
    await other.lead();
    expect(other.running).toBe(true);
  });
});
