import type { FastifyInstance } from 'fastify';

/**
 * The demo project with simulated gateways (`ICS_DEMO=1`), started once the device bus is up.
 * It starts in the background: creating the district on a fresh database can take longer than
 * Fastify allows a ready hook, and the product must answer meanwhile. A failing demo is logged:
 * it never stops the product. Closing waits for a start in progress.
 */
export function useDemo(app: FastifyInstance, enabled: boolean, startDemo: () => Promise<unknown>): void {
  if (!enabled) return;
  let starting: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    starting = startDemo().catch((error: Error) => app.log.error({ err: error }, 'demo'));
  });
  app.addHook('onClose', async () => {
    await starting;
  });
}
