import type { FastifyInstance } from 'fastify';

/**
 * The demo project with simulated gateways (`ICS_DEMO=1`), started once the device bus is up.
 * A failing demo is logged: it never stops the product.
 */
export function useDemo(app: FastifyInstance, enabled: boolean, startDemo: () => Promise<unknown>): void {
  if (!enabled) return;
  app.addHook('onReady', async () => {
    await startDemo().catch((error: Error) => app.log.error({ err: error }, 'demo'));
  });
}
