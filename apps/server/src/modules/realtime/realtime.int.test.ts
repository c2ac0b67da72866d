import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeWithApp } from '../../../test/harness';
import { createUser } from '../announcement/test-users';
import { type Delivery, InProcessFanOut } from './fan-out';
import { Realtime } from './realtime.hub';
import { RedisFanOut } from './redis-fan-out';

type Client = {
  ws: WebSocket;
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<number>;
};

/** Opens a socket; resolves when open, rejects with the HTTP status of a refused handshake. */
function connect(url: string, protocols?: string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const inbox: Record<string, unknown>[] = [];
    const waiters: ((m: Record<string, unknown>) => void)[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
    });
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        closed,
        next: (timeoutMs = 2_000) =>
          new Promise((res, rej) => {
            const queued = inbox.shift();
            if (queued) return res(queued);
            const waiter = (m: Record<string, unknown>) => {
              clearTimeout(timer);
              res(m);
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rej(new Error('no message'));
            }, timeoutMs);
            waiters.push(waiter);
          }),
      }),
    );
  });
}

/** Resolves true when nothing arrives within `ms`. */
const silent = (client: Client, ms = 300) =>
  client.next(ms).then(
    () => false,
    () => true,
  );

describeWithApp('realtime websocket', (ctx) => {
  let origin: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    origin = `ws://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}/ics/websocket`;
    admin = { 'x-access-token': await ctx().login() };
  });

  it('refuses a handshake without a token, with an unknown token or for another user', async () => {
    const user = await createUser(ctx());
    const other = await createUser(ctx());
    await expect(connect(`${origin}/${user.id}`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${origin}/${user.id}?token=nope`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${origin}/${other.id}?token=${user.token}`)).rejects.toThrow('HTTP 403');
  });

  it('answers any text with the heartbeat response; accepts the token as a subprotocol', async () => {
    const user = await createUser(ctx());
    const byQuery = await connect(`${origin}/${user.id}?token=${user.token}`);
    byQuery.ws.send('HeartBeat');
    expect(await byQuery.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    const byProtocol = await connect(`${origin}/${user.id}`, [user.token]);
    expect(byProtocol.ws.protocol).toBe(user.token);
    byProtocol.ws.send('anything');
    expect(await byProtocol.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    // Offered after another protocol, the token is still found, and it is what is echoed.
    const second = await connect(`${origin}/${user.id}`, ['jeecg', user.token]);
    expect(second.ws.protocol).toBe(user.token);
    // A protocol that is no valid token never opens a socket (as a console sending none).
    await expect(connect(`${origin}/${user.id}`, ['not-a-token'])).rejects.toThrow('HTTP 401');
    await expect(connect(`${origin}/${user.id}`)).rejects.toThrow('HTTP 401');
    byQuery.ws.close();
    byProtocol.ws.close();
    second.ws.close();
  });

  it('pushes a published announcement as topic to everyone and as user to addressees only', async () => {
    const alice = await createUser(ctx());
    const bob = await createUser(ctx());
    const a = await connect(`${origin}/${alice.id}?token=${alice.token}`);
    const b = await connect(`${origin}/${bob.id}?token=${bob.token}`);
    const add = async (payload: Record<string, unknown>) =>
      (await ctx().request({ method: 'POST', url: '/ics/sys/annountCement/add', headers: admin, payload }))
        .body.result.id as string;

    const all = await add({ titile: '全员推送' });
    await ctx().request({
      method: 'GET',
      url: `/ics/sys/annountCement/doReleaseData?id=${all}`,
      headers: admin,
    });
    expect(await a.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全员推送' });
    expect(await b.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全员推送' });

    const direct = await add({ titile: '只给Alice', msgType: 'USER', userIds: `${alice.id},` });
    await ctx().request({
      method: 'PUT',
      url: '/ics/sys/annountCement/doReleaseData',
      headers: admin,
      payload: { id: direct },
    });
    expect(await a.next()).toEqual({ cmd: 'user', msgId: direct, msgTxt: '只给Alice' });
    expect(await silent(b)).toBe(true);

    // Device engineers push through the hub on the services object.
    await ctx().services.realtime.sendToUsers([bob.id], { cmd: 'device', deviceId: 'lamp-1', online: true });
    expect(await b.next()).toEqual({ cmd: 'device', deviceId: 'lamp-1', online: true });
    expect(await silent(a)).toBe(true);
    a.ws.close();
    b.ws.close();
  });

  it('sends a console only the device states it watches, and refuses a malformed watch', async () => {
    const user = await createUser(ctx());
    const list = await connect(`${origin}/${user.id}?token=${user.token}`);
    const idle = await connect(`${origin}/${user.id}?token=${user.token}`);
    const map = await connect(`${origin}/${user.id}?token=${user.token}`);
    list.ws.send(JSON.stringify({ cmd: 'watch', devices: ['lamp-1', 'gw-1'] }));
    // Refused, and the watch before it stays in force (messages of a socket are handled in order).
    list.ws.send('{ "cmd": "watch", "devices": "some" }');
    expect(await list.next()).toEqual({ cmd: 'watch.refused', msgTxt: expect.stringContaining('1000') });
    idle.ws.send(JSON.stringify({ cmd: 'watch', devices: [] }));
    idle.ws.send('HeartBeat');
    expect((await idle.next()).cmd).toBe('heartcheck');

    const lamp1 = { id: 'lamp-1', gatewayId: 'gw-1', values: { level: 40 } };
    const lamp2 = { id: 'lamp-2', gatewayId: 'gw-1', values: { level: 70 } };
    const gateway = { id: 'gw-1', gatewayId: 'gw-1', isGateway: true, online: true };
    const state = {
      cmd: 'device' as const,
      kind: 'device.state',
      projectId: 'p1',
      payload: { devices: [lamp1, lamp2, gateway] },
    };
    await ctx().services.realtime.sendToUsers([user.id], state);
    // A socket that never said what it watches gets everything (clients that predate `watch`).
    expect(await map.next()).toEqual(state);
    const listed = await list.next();
    expect((listed.payload as { devices: unknown[] }).devices).toEqual(
      expect.arrayContaining([lamp1, gateway]),
    );
    expect(listed).toEqual({ ...state, payload: { devices: expect.any(Array) } });
    expect((listed.payload as { devices: unknown[] }).devices).toHaveLength(2);

    // Other device events are not filtered: the idle console's first message is this alarm.
    const alarm = {
      cmd: 'device' as const,
      kind: 'device.fault',
      projectId: 'p1',
      payload: { deviceId: 'lamp-2' },
    };
    await ctx().services.realtime.sendToUsers([user.id], alarm);
    expect(await idle.next()).toEqual(alarm);
    expect(await list.next()).toEqual(alarm);

    // A new watch replaces the old one.
    list.ws.send(JSON.stringify({ cmd: 'watch', devices: 'all' }));
    list.ws.send('HeartBeat');
    expect((await list.next()).cmd).toBe('heartcheck');
    await ctx().services.realtime.sendToUsers([user.id], state);
    expect(await list.next()).toEqual(state);
    for (const c of [list, idle, map]) c.ws.close();
  });

  it('drops every socket on disconnectAll (mark system:realtime:admin only)', async () => {
    const user = await createUser(ctx());
    const client = await connect(`${origin}/${user.id}?token=${user.token}`);
    const denied = await ctx().request({
      method: 'POST',
      url: '/ics/sys/realtime/disconnectAll',
      headers: user.headers,
    });
    expect(denied.status).toBe(403);
    const res = await ctx().request({
      method: 'POST',
      url: '/ics/sys/realtime/disconnectAll',
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.result.closed).toBeGreaterThanOrEqual(1);
    expect(await client.closed).toBe(1012);
    // The console reconnects, and the new socket works.
    const again = await connect(`${origin}/${user.id}?token=${user.token}`);
    again.ws.send('HeartBeat');
    expect((await again.next()).cmd).toBe('heartcheck');
    expect(ctx().services.realtime.connectionCount(user.id)).toBe(1);
    again.ws.close();
  });
});

describe('realtime hub and fan-out', () => {
  const fakeSocket = () => {
    const sent: string[] = [];
    let onClose: (() => void) | undefined;
    return {
      sent,
      readyState: 1,
      send: (data: string) => sent.push(data),
      close() {
        this.readyState = 3;
        onClose?.();
      },
      once(_event: 'close', listener: () => void) {
        onClose = listener;
        return this;
      },
    };
  };

  it('two hubs on one shared fan-out reach each other’s sockets (the multi-node shape)', async () => {
    const shared = new InProcessFanOut();
    const nodeA = new Realtime(shared);
    const nodeB = new Realtime(shared);
    const onA = fakeSocket();
    const onB = fakeSocket();
    nodeA.attach('u1', onA);
    nodeB.attach('u2', onB);
    await nodeA.sendToUser('u2', { cmd: 'user', msgId: '1', msgTxt: 't' });
    expect(onB.sent).toEqual([JSON.stringify({ cmd: 'user', msgId: '1', msgTxt: 't' })]);
    expect(onA.sent).toEqual([]);
    await nodeB.broadcast({ cmd: 'topic', msgId: '2', msgTxt: 't' });
    expect(onA.sent).toHaveLength(1);
    expect(onB.sent).toHaveLength(2);
    await nodeA.disconnectAll();
    expect(nodeA.connectionCount() + nodeB.connectionCount()).toBe(0);
  });

  it('builds a lazily serialised state push only for a socket that watches some of it', async () => {
    const hub = new Realtime(new InProcessFanOut());
    const idle = fakeSocket();
    hub.attach('u1', idle);
    hub.watch(idle, []);
    let built = 0;
    const devices = [
      { id: 'a', gatewayId: 'g' },
      { id: 'b', gatewayId: 'g' },
    ];
    // As StateFanout pushes: the payload lists its devices when serialised.
    const push = () => ({
      cmd: 'device' as const,
      kind: 'device.state',
      projectId: 'p',
      payload: {
        toJSON: () => {
          built++;
          return { devices };
        },
      },
    });
    await hub.sendToUser('u1', push());
    expect(built).toBe(0);
    expect(idle.sent).toEqual([]);

    const one = fakeSocket();
    hub.attach('u1', one);
    hub.watch(one, ['b', 'missing']);
    await hub.sendToUser('u1', push());
    expect(built).toBe(1);
    expect(one.sent.map((t) => JSON.parse(t))).toEqual([
      {
        cmd: 'device',
        kind: 'device.state',
        projectId: 'p',
        payload: { devices: [{ id: 'b', gatewayId: 'g' }] },
      },
    ]);
    expect(idle.sent).toEqual([]);
  });

  it('RedisFanOut publishes JSON on one channel and hands received deliveries to listeners', async () => {
    const channels = new Map<string, (message: string) => void>();
    const fanOut = new RedisFanOut({
      publisher: {
        async publish(channel, message) {
          channels.get(channel)?.(message);
          return 1;
        },
      },
      subscriber: {
        async subscribe(channel, listener) {
          channels.set(channel, listener);
        },
        async unsubscribe(channel) {
          channels.delete(channel);
        },
      },
    });
    const received: Delivery[] = [];
    fanOut.subscribe((d) => received.push(d));
    await fanOut.publish({ to: 'users', userIds: ['a'], message: { cmd: 'device', x: 1 } });
    expect(received).toEqual([{ to: 'users', userIds: ['a'], message: { cmd: 'device', x: 1 } }]);
    await fanOut.close();
    expect(channels.size).toBe(0);
  });
});
