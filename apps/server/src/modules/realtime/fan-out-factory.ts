import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type FanOut, InProcessFanOut } from './fan-out';
import { RedisFanOut } from './redis-fan-out';

export type FanOutHandle = {
  fanOut: FanOut;
  /** With Redis: whether both of its connections are up now (for readiness). */
  redisReady?: () => boolean;
  close(): Promise<void>;
};

/**
 * In-process delivery for one API node; with `redisUrl`, every node publishes to and hears
 * from one Redis channel, so a console connected to any node gets every push.
 */
export async function createFanOut(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<FanOutHandle> {
  if (!redisUrl) return { fanOut: new InProcessFanOut(), close: async () => undefined };
  // The client reconnects forever once running; at start an unreachable Redis is a
  // configuration mistake, reported at once instead of retried.
  await assertReachable(redisUrl);
  // Loaded only with Redis configured: the client took 0.2 s and tens of MB to load.
  const { createClient } = await import('redis');
  const publisher = createClient({ url: redisUrl });
  publisher.on('error', (error: Error) => log.error({ err: error }, 'redis (realtime publisher)'));
  await publisher.connect();
  const subscriber = publisher.duplicate();
  subscriber.on('error', (error: Error) => log.error({ err: error }, 'redis (realtime subscriber)'));
  await subscriber.connect();
  const fanOut = new RedisFanOut({ publisher, subscriber }, 'ics:realtime', (error) =>
    log.warn({ err: error }, 'unreadable realtime delivery from redis'),
  );
  await fanOut.start();
  return {
    fanOut,
    redisReady: () => publisher.isReady && subscriber.isReady,
    async close() {
      await fanOut.close().catch(() => undefined);
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

function assertReachable(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 6379);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: 3_000 });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new Error(`cannot reach Redis at REDIS_URL (${host}:${port}): ${reason}`));
    };
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('timeout', () => fail('timed out'));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
  });
}
