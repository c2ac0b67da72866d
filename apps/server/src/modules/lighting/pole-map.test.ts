import { expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../test/harness';

type Row = [string, string, number, number, string, number];

describeWithApp('pole map', (ctx) => {
  const get = (token: string, query = '') =>
    ctx().request({ method: 'GET', url: `/ics/lighting/pole/map${query}`, headers: auth(token) });

  /** Poles P-a…P-g in project A, P-x in project B; devices and states by SQL. */
  async function seed() {
    const db = ctx().db;
    const [a] = await db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Map A', 'MA') returning id`,
    );
    const [b] = await db.query<{ id: string }>(
      `insert into sys_project (name, code) values ('Map B', 'MB') returning id`,
    );
    const projectA = a!.id;
    const projectB = b!.id;
    await db.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-ops')`, [projectA]);
    const pole = async (project: string, code: string) => {
      const [row] = await db.query<{ id: string }>(
        `insert into dev_pole (project_id, code, name, longitude, latitude)
         values ($1, $2, $2, 117.1234567, 34.1234567) returning id`,
        [project, code],
      );
      return row!.id;
    };
    const [gwA] = await db.query<{ id: string }>(
      `insert into dev_gateway (project_id, sn, name) values ($1, 'MAP-GW-A', 'gw') returning id`,
      [projectA],
    );
    const [gwB] = await db.query<{ id: string }>(
      `insert into dev_gateway (project_id, sn, name) values ($1, 'MAP-GW-B', 'gw') returning id`,
      [projectB],
    );
    let address = 0;
    const device = async (
      project: string,
      gateway: string,
      poleId: string,
      kind: string,
      state: { online: boolean; vals?: object; faults?: string[] } | null,
    ) => {
      const [row] = await db.query<{ id: string }>(
        `insert into dev_device (project_id, gateway_id, pole_id, kind, address, name)
         values ($1, $2, $3, $4, $5, $5) returning id`,
        [project, gateway, poleId, kind, String(++address)],
      );
      if (state)
        await db.query('insert into dev_state (device_id, online, vals, faults) values ($1, $2, $3, $4)', [
          row!.id,
          state.online,
          JSON.stringify(state.vals ?? {}),
          JSON.stringify(state.faults ?? []),
        ]);
    };
    const on = { online: true, vals: { on: true, level: 80 } };
    const off = { online: true, vals: { on: false, level: 0 } };
    const fault = { online: true, vals: { on: true, level: 80 }, faults: ['lampFailure'] };
    const offline = { online: false, vals: { on: true } };
    const poles: Record<string, string> = {};
    for (const code of ['P-a', 'P-b', 'P-c', 'P-d', 'P-e', 'P-f', 'P-g'])
      poles[code] = await pole(projectA, code);
    poles['P-x'] = await pole(projectB, 'P-x');
    const ga = gwA!.id;
    // P-a: on + off → on; P-b: on + offline → offline; P-c: offline + fault → fault;
    // P-d: off + a camera → off, lamp|camera; P-e: only a sensor → none; P-f: nothing → none;
    // P-g: a lamp never seen (no state row) → offline; dimmed to 0 but "on" → off.
    await device(projectA, ga, poles['P-a']!, 'lamp', on);
    await device(projectA, ga, poles['P-a']!, 'lamp', off);
    await device(projectA, ga, poles['P-b']!, 'lamp', on);
    await device(projectA, ga, poles['P-b']!, 'lamp', offline);
    await device(projectA, ga, poles['P-c']!, 'lamp', offline);
    await device(projectA, ga, poles['P-c']!, 'lamp', fault);
    await device(projectA, ga, poles['P-d']!, 'lamp', { online: true, vals: { on: true, level: 0 } });
    await device(projectA, ga, poles['P-d']!, 'camera', { online: true });
    await device(projectA, ga, poles['P-e']!, 'sensor', { online: true });
    await device(projectA, ga, poles['P-g']!, 'lamp', null);
    await device(projectB, gwB!.id, poles['P-x']!, 'lamp', fault);
    return { projectA, projectB, poles };
  }

  let seeded: Awaited<ReturnType<typeof seed>>;

  it('aggregates each pole: worst lamp state and the kinds mounted', async () => {
    seeded = await seed();
    const token = await ctx().login();
    const res = await get(token, `?projectId=${seeded.projectA}`);
    expect(res.status).toBe(200);
    const rows = res.body.result as Row[];
    const byCode = new Map(rows.map((r) => [r[1], r]));
    expect(rows).toHaveLength(7);
    expect(byCode.get('P-a')).toEqual([seeded.poles['P-a'], 'P-a', 117.123457, 34.123457, 'on', 1]);
    expect(byCode.get('P-b')?.[4]).toBe('offline');
    expect(byCode.get('P-c')?.[4]).toBe('fault');
    expect(byCode.get('P-d')?.slice(4)).toEqual(['off', 1 | 16]);
    expect(byCode.get('P-e')?.slice(4)).toEqual(['none', 2]);
    expect(byCode.get('P-f')?.slice(4)).toEqual(['none', 0]);
    expect(byCode.get('P-g')?.slice(4)).toEqual(['offline', 1]);
    // Without a filter the administrator sees both projects.
    const all = await get(token);
    const codes = (all.body.result as Row[]).map((r) => r[1]);
    expect(codes).toEqual(expect.arrayContaining(['P-a', 'P-x']));
  });

  it('scopes to the caller’s projects', async () => {
    // viewer-a is in dep-ops (project A); viewer-none has no department.
    await ctx().createUser({ username: 'map-viewer-a', roles: ['role-viewer'], departs: ['dep-ops'] });
    await ctx().createUser({ username: 'map-viewer-none', roles: ['role-viewer'] });
    const inA = await get(await ctx().login('map-viewer-a'));
    expect(inA.status).toBe(200);
    const codes = (inA.body.result as Row[]).map((r) => r[1]).sort();
    expect(codes).toEqual(['P-a', 'P-b', 'P-c', 'P-d', 'P-e', 'P-f', 'P-g']);
    const forB = await get(await ctx().login('map-viewer-a'), `?projectId=${seeded.projectB}`);
    expect(forB.body.result).toEqual([]);
    const none = await get(await ctx().login('map-viewer-none'));
    expect(none.status).toBe(200);
    expect(none.body.result).toEqual([]);
  });

  it('needs the map mark', async () => {
    await ctx().db.query(
      `insert into sys_role (id, role_name, role_code) values ('role-map-less', 'no map', 'map_less')`,
    );
    await ctx().createUser({ username: 'map-less', roles: ['role-map-less'], departs: ['dep-ops'] });
    const res = await get(await ctx().login('map-less'));
    expect(res.status).toBe(403);
    const anonymous = await ctx().request({ method: 'GET', url: '/ics/lighting/pole/map' });
    expect(anonymous.status).toBe(401);
  });
});
