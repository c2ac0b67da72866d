import type { FastifyInstance } from 'fastify';
import type { AccessGuard } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import type { FanOut } from './fan-out';
import { Realtime } from './realtime.hub';
import { realtimeMessages } from './realtime.messages';
import { registerRealtimeRoutes } from './realtime.routes';

export type { Delivery, FanOut } from './fan-out';
export { createFanOut, type FanOutHandle } from './fan-out-factory';
export type { ConsoleSocket, Realtime } from './realtime.hub';

/**
 * The consoles' WebSocket: sockets of this node by user, and pushes to users or to everyone
 * through the fan-out (in-process, or Redis across API nodes).
 */
export function createRealtimeModule({ fanOut }: { fanOut: FanOut }) {
  registerMessages(realtimeMessages);
  const hub = new Realtime(fanOut);
  return {
    /** Pushes to consoles: other modules call `sendToUsers`, `broadcast`. */
    hub,
    registerRoutes: (api: FastifyInstance, guard: AccessGuard) =>
      registerRealtimeRoutes(api, { guard, realtime: hub }),
  };
}
