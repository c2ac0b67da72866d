import { gunzipSync } from 'node:zlib';
import {
  decodePoleColumns,
  POLE_COLUMNS_TYPE,
  type PoleMapDto,
  type PoleMapStatesDto,
  poleMapStateCodes,
} from '@ics/contract/server';
import { expect, it } from 'vitest';
import { auth, describeWithApp } from '../../../../test/harness';
import { MAP_STATES_TTL_MS } from './pole-map.service';

/** One pole as the console joins the two answers: `[id, code, lng, lat, state, kinds]`. */
type Row = [string, string, number, number, string, number];

describeWithApp('pole map', (ctx) => {
  /** Both answers joined by position, as the console reads them. */
  const get = async (token: string, query = '') => {
    const map = await ctx().request({
      method: 'GET',
      url: `/ics/lighting/pole/map${query}`,
      headers: auth(token),
    });
    if (map.status !== 200) return { status: map.status, body: map.body, version: '' };
    const states = await ctx().request({
      method: 'GET',
      url: `/ics/lighting/pole/mapStates${query}`,
      headers: auth(token),
    });
    expect(states.status).toBe(200);
    const m = map.body.result as PoleMapDto;
    const s = states.body.result as PoleMapStatesDto;
    expect(s.version).toBe(m.version);
    expect(s.states).toHaveLength(m.codes.length);
    // Ids are not in the map: each is asked for by version and index, as a click does.
    const ids = await Promise.all(
      m.codes.map(async (_, i) => {
        const pole = await ctx().request({
          method: 'GET',
          url: `/ics/lighting/pole/mapPole${query}${query ? '&' : '?'}version=${m.version}&index=${i}`,
          headers: auth(token),
        });
        expect(pole.status, pole.body.message).toBe(200);
        return pole.body.result.id as string;
      }),
    );
    const rows: Row[] = ids.map((id, i) => [
      id,
      m.codes[i]!,
      m.lng[i]!,
      m.lat[i]!,
      poleMapStateCodes[Number(s.states[i])]!,
      m.kinds[i]!,
    ]);
    return { status: 200, body: { ...map.body, result: rows }, version: m.version };
  };
  /** The raw static answer (status, headers, undecoded body). */
  const raw = (token: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({
      method: 'GET',
      url: '/ics/lighting/pole/map',
      headers: { ...auth(token), ...headers },
    });

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
    for (const url of ['/ics/lighting/pole/mapStates', '/ics/lighting/pole/mapStates?projectId=%20']) {
      const states = await ctx().request({
        method: 'GET',
        url,
        headers: auth(await ctx().login('map-less')),
      });
      expect(states.status).toBe(403);
    }
  });

  it('answers 304 to the ETag it gave, and compresses when asked', async () => {
    const token = await ctx().login();
    const first = await raw(token);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"pm-\d+-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await raw(token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await raw(token, { 'if-none-match': '"pm-0-other"' })).statusCode).toBe(200);
    // Another language is another representation (the envelope's message).
    const english = await raw(token, { 'if-none-match': etag, 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);

    const gz = await raw(token, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'));
    expect(decoded.result).toEqual(first.json().result);
    expect(gz.rawPayload.length).toBeLessThan(first.rawPayload.length);
    const br = await raw(token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('sends the same columns in the binary layout the console decodes, versioned alike', async () => {
    const token = await ctx().login();
    const json = (await raw(token)).json().result as PoleMapDto;
    expect(json.codes.length).toBeGreaterThan(7);
    const columns = (headers: Record<string, string> = {}, query = '') =>
      ctx().app.inject({
        method: 'GET',
        url: `/ics/lighting/pole/mapColumns${query}`,
        headers: { ...auth(token), ...headers },
      });
    const first = await columns();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe(POLE_COLUMNS_TYPE);
    const decoded = decodePoleColumns(first.rawPayload);
    expect(decoded.version).toBe(json.version);
    expect(decoded.codes).toEqual(json.codes);
    expect([...decoded.lng]).toEqual(json.lng);
    expect([...decoded.lat]).toEqual(json.lat);
    expect([...decoded.kinds]).toEqual(json.kinds);
    // About 9 bytes and a code per pole, against ~35 characters of JSON.
    expect(first.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(json)) / 2);

    const etag = first.headers.etag as string;
    expect((await columns({ 'if-none-match': etag })).statusCode).toBe(304);
    // One representation in every language.
    expect((await columns({ 'if-none-match': etag, 'accept-language': 'en-US' })).statusCode).toBe(304);
    const gz = await columns({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(first.rawPayload)).toBe(true);

    const inB = decodePoleColumns((await columns({}, `?projectId=${seeded.projectB}`)).rawPayload);
    expect(inB.codes).toEqual(['P-x']);
    const mapLess = await ctx().app.inject({
      method: 'GET',
      url: '/ics/lighting/pole/mapColumns',
      headers: auth(await ctx().login('map-less')),
    });
    expect(mapLess.statusCode).toBe(403);
    expect(mapLess.json().success).toBe(false);
  });

  it('sees a pole or device added, moved or removed at once (new version, new ETag)', async () => {
    const token = await ctx().login();
    const query = `?projectId=${seeded.projectA}`;
    const before = await get(token, query);
    const etag = (await raw(token)).headers.etag as string;
    const db = ctx().db;
    const [added] = await db.query<{ id: string }>(
      `insert into dev_pole (project_id, code, name, longitude, latitude)
       values ($1, 'P-new', 'P-new', 117.2, 34.2) returning id`,
      [seeded.projectA],
    );
    const afterAdd = await get(token, query);
    expect(afterAdd.version).not.toBe(before.version);
    const rows = afterAdd.body.result as Row[];
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r[1] === 'P-new')).toEqual([added!.id, 'P-new', 117.2, 34.2, 'none', 0]);
    // The client's old copy is no longer current.
    expect((await raw(token, { 'if-none-match': etag })).statusCode).toBe(200);

    // A lamp mounted on it: kinds and state follow (a lamp never seen is offline).
    const [gw] = await db.query<{ id: string }>(`select id from dev_gateway where sn = 'MAP-GW-A'`);
    await db.query(
      `insert into dev_device (project_id, gateway_id, pole_id, kind, address, name)
       values ($1, $2, $3, 'lamp', 'new-lamp', 'new-lamp')`,
      [seeded.projectA, gw!.id, added!.id],
    );
    const withLamp = (await get(token, query)).body.result as Row[];
    expect(withLamp.find((r) => r[1] === 'P-new')?.slice(4)).toEqual(['offline', 1]);

    // Moved, then removed.
    await db.query(`update dev_pole set longitude = 117.3 where id = $1`, [added!.id]);
    expect(((await get(token, query)).body.result as Row[]).find((r) => r[1] === 'P-new')?.[2]).toBe(117.3);
    await db.query('delete from dev_pole where id = $1', [added!.id]);
    const afterDelete = (await get(token, query)).body.result as Row[];
    expect(afterDelete.map((r) => r[1]).sort()).toEqual(['P-a', 'P-b', 'P-c', 'P-d', 'P-e', 'P-f', 'P-g']);
  });

  it('follows live states within the states cache time, without a new map version', async () => {
    const token = await ctx().login();
    const query = `?projectId=${seeded.projectA}`;
    const before = await get(token, query);
    expect((before.body.result as Row[]).find((r) => r[1] === 'P-a')?.[4]).toBe('on');
    await ctx().db.query(
      `update dev_state set vals = '{"on": false, "level": 0}' where device_id in
         (select id from dev_device where pole_id = $1)`,
      [seeded.poles['P-a']],
    );
    await new Promise((resolve) => setTimeout(resolve, MAP_STATES_TTL_MS + 50));
    const after = await get(token, query);
    expect(after.version).toBe(before.version);
    expect((after.body.result as Row[]).find((r) => r[1] === 'P-a')?.[4]).toBe('off');
  });

  it('refuses a pole index of a map version that is gone, or past the end', async () => {
    const token = await ctx().login();
    const map = (await ctx().request({ method: 'GET', url: '/ics/lighting/pole/map', headers: auth(token) }))
      .body.result as PoleMapDto;
    const ask = (version: string, index: number | string) =>
      ctx().request({
        method: 'GET',
        url: `/ics/lighting/pole/mapPole?version=${version}&index=${index}`,
        headers: auth(token),
      });
    const stale = await ask(`${map.version}0`, 0);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('lighting.map_changed');
    const past = await ask(map.version, map.codes.length);
    expect(past.status).toBe(404);
    expect((await ask(map.version, -1)).status).toBe(400);
    expect((await ask(map.version, 'x')).status).toBe(400);
  });

  it('rejects a malformed project filter', async () => {
    const token = await ctx().login();
    for (const route of ['map', 'mapStates']) {
      const res = await ctx().request({
        method: 'GET',
        url: `/ics/lighting/pole/${route}?projectId=${'x'.repeat(300)}`,
        headers: auth(token),
      });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
