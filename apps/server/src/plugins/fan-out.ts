import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createFanOut, type FanOutHandle } from '../modules/realtime';

/** How console pushes reach every API node: in-process, or through Redis with `REDIS_URL`; closed with the app. */
export async function useFanOut(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl'>,
): Promise<FanOutHandle> {
  const handle = await createFanOut(config.redisUrl, app.log);
  app.addHook('onClose', () => handle.close());
  return handle;
}
