import { topics } from '@ics/contract/server';
import { beforeAll, expect, it } from 'vitest';
import { auth, describeWithApp, type TestApp } from '../../../../test/harness';

// EMQX's HTTP authenticator and authorizer, called the way EMQX calls them (POST, JSON body
// rendered from its templates, the shared secret as a bearer header). No broker is needed: the
// hooks answer from the registry. EMQX reads only HTTP 200 answers and their top-level `result`.
const SECRET = 'emqx-hook-secret-0123456789';
const PLATFORM = { username: 'ics-platform', password: 'platform-pw-1' };
const env = {
  MQTT_URL: `mqtt://${PLATFORM.username}:${PLATFORM.password}@127.0.0.1:1`,
  EMQX_HOOK_SECRET: SECRET,
};

type Answer = { result: string; is_superuser: boolean };

async function hook(
  ctx: TestApp,
  which: 'authn' | 'authz',
  payload: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${SECRET}` },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/ics/device/broker/emqx/${which}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Answer & { success?: boolean; errorCode?: string } };
}

describeWithApp(
  'EMQX hooks',
  (ctx) => {
    let gw: { sn: string; password: string };
    let other: { sn: string; password: string };
    const authn = async (clientid: string, username: string, password: string) =>
      (await hook(ctx(), 'authn', { clientid, username, password })).body;
    const authz = async (clientid: string, username: string, action: string, topic: string) =>
      (await hook(ctx(), 'authz', { clientid, username, action, topic })).body.result;

    beforeAll(async () => {
      const admin = await ctx().login();
      const [project] = await ctx().db.query<{ id: string }>(
        `insert into sys_project (name, code) values ('EMQX', 'EQ') returning id`,
      );
      const add = async (sn: string) => {
        const res = await ctx().request({
          method: 'POST',
          url: '/ics/lighting/gateway/add',
          headers: auth(admin),
          payload: { projectId: project!.id, sn, name: sn },
        });
        expect(res.status).toBe(200);
        return { sn, password: res.body.result.credentials.password as string };
      };
      gw = await add('GW-E1');
      other = await add('GW-E2');
    });

    it('lets a gateway in with its sn and platform password, under a client id bound to its sn', async () => {
      const answer = await hook(ctx(), 'authn', { clientid: gw.sn, username: gw.sn, password: gw.password });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ result: 'allow', is_superuser: false });
      expect((await authn(`${gw.sn}:watch`, gw.sn, gw.password)).result).toBe('allow');
    });

    it('denies a wrong password, an unknown sn, another gateway’s client id and anonymous clients', async () => {
      expect(await authn(gw.sn, gw.sn, other.password)).toEqual({ result: 'deny', is_superuser: false });
      expect((await authn('GW-NOPE', 'GW-NOPE', gw.password)).result).toBe('deny');
      // Valid credentials, but the client id of another gateway: it would knock that one off.
      expect((await authn(other.sn, gw.sn, gw.password)).result).toBe('deny');
      expect((await authn(`${gw.sn}-2`, gw.sn, gw.password)).result).toBe('deny');
      expect((await authn('anything', '', '')).result).toBe('deny');
    });

    it('follows a rotated password at once', async () => {
      const admin = await ctx().login();
      const [row] = await ctx().db.query<{ id: string }>('select id from dev_gateway where sn = $1', [
        other.sn,
      ]);
      const rotated = await ctx().request({
        method: 'POST',
        url: '/ics/lighting/gateway/credentials',
        headers: auth(admin),
        payload: { id: row!.id },
      });
      expect(rotated.status).toBe(200);
      expect((await authn(other.sn, other.sn, other.password)).result).toBe('deny');
      other = { sn: other.sn, password: rotated.body.result.password };
      expect((await authn(other.sn, other.sn, other.password)).result).toBe('allow');
    });

    it('lets the platform’s own account in as a superuser, with its password only', async () => {
      expect(await authn('ics-node-a', PLATFORM.username, PLATFORM.password)).toEqual({
        result: 'allow',
        is_superuser: true,
      });
      expect(await authn('ics-node-a', PLATFORM.username, 'guess')).toEqual({
        result: 'deny',
        is_superuser: false,
      });
      expect(await authz('ics-node-a', PLATFORM.username, 'subscribe', topics.sharedUp('ics'))).toBe('allow');
    });

    it('lets a gateway publish its own uplink and subscribe to its own downlink only', async () => {
      expect(await authz(gw.sn, gw.sn, 'publish', topics.up(gw.sn, 'telemetry'))).toBe('allow');
      expect(await authz(gw.sn, gw.sn, 'subscribe', topics.down(gw.sn))).toBe('allow');
      expect(await authz(gw.sn, gw.sn, 'subscribe', `${topics.down(gw.sn).replace(/cmd$/, '#')}`)).toBe(
        'allow',
      );
      // Another gateway's topics, its own downlink as a sender, wildcards above its own levels.
      expect(await authz(gw.sn, gw.sn, 'publish', topics.up(other.sn, 'telemetry'))).toBe('deny');
      expect(await authz(gw.sn, gw.sn, 'subscribe', topics.down(other.sn))).toBe('deny');
      expect(await authz(gw.sn, gw.sn, 'publish', topics.down(gw.sn))).toBe('deny');
      expect(await authz(gw.sn, gw.sn, 'subscribe', topics.up(gw.sn, 'telemetry'))).toBe('deny');
      expect(await authz(gw.sn, gw.sn, 'subscribe', topics.allUp)).toBe('deny');
      expect(await authz(gw.sn, gw.sn, 'subscribe', 'ics/v1/#')).toBe('deny');
      // A client id not bound to the username (should EMQX be set up with another authenticator).
      expect(await authz(other.sn, gw.sn, 'publish', topics.up(gw.sn, 'telemetry'))).toBe('deny');
      expect(await authz('x', '', 'publish', topics.up(gw.sn, 'telemetry'))).toBe('deny');
    });

    it('refuses callers without the secret before reading the body', async () => {
      const body = { clientid: gw.sn, username: gw.sn, password: gw.password };
      const none = await hook(ctx(), 'authn', body, {});
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ success: false, errorCode: 'auth.token_missing' });
      const wrong = await hook(
        ctx(),
        'authz',
        { nonsense: true },
        { authorization: 'Bearer not-the-secret' },
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ success: false, errorCode: 'auth.token_invalid' });
      // A user's session token is no broker secret.
      const token = await ctx().login();
      expect((await hook(ctx(), 'authn', body, auth(token))).status).toBe(401);
    });

    it('answers a malformed body with 400 in the envelope (EMQX: ignore, so the chain denies)', async () => {
      const missing = await hook(ctx(), 'authn', { username: gw.sn });
      expect(missing.status).toBe(400);
      expect(missing.body.success).toBe(false);
      const action = await hook(ctx(), 'authz', {
        clientid: gw.sn,
        username: gw.sn,
        topic: topics.up(gw.sn, 'telemetry'),
        action: 'all',
      });
      expect(action.status).toBe(400);
    });
  },
  env,
);

describeWithApp('EMQX hooks without EMQX_HOOK_SECRET', (ctx) => {
  it('answer 404, as if absent', async () => {
    for (const which of ['authn', 'authz'] as const) {
      const res = await hook(
        ctx(),
        which,
        { clientid: 'a', username: 'a', password: 'b' },
        {
          authorization: 'Bearer ',
        },
      );
      expect(res.status).toBe(404);
    }
  });
});
