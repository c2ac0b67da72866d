import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { dbVariants, startTestApp } from '../../../test/harness';

// Two API nodes sharing one Redis: a push made on one node reaches a
// console connected to the other. Runs when TEST_REDIS_URL is set (CI sets it when Redis answers).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('realtime across two API nodes through Redis', () => {
  let nodeA: Awaited<ReturnType<typeof startTestApp>>;
  let nodeB: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    const variant = dbVariants()[0]!;
    nodeA = await startTestApp(variant, { REDIS_URL: redisUrl! });
    nodeB = await startTestApp(variant, { REDIS_URL: redisUrl! });
    await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
  });

  it('delivers a broadcast made on node A to a socket on node B', async () => {
    const token = await nodeB.login();
    const address = nodeB.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ics/websocket/user-admin?token=${token}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const received = new Promise<string>((resolve) => socket.on('message', (data) => resolve(String(data))));
    const marker = `msg-${Date.now()}`;
    nodeA.services.realtime.broadcast({ cmd: 'topic', msgId: marker, msgTxt: 'across nodes' });
    const message = JSON.parse(await received);
    expect(message).toMatchObject({ cmd: 'topic', msgId: marker });
    socket.close();
  });
});

describe.skipIf(redisUrl)('realtime across API nodes', () => {
  it.skip('needs TEST_REDIS_URL (a Redis server) to run', () => undefined);
});
