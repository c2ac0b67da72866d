import type { FastifyInstance } from 'fastify';

export type SchedulerLifecycle = { start(): void; stop(): Promise<void> };

/** Strategies run once the device bus can carry their commands (one leader among API nodes). */
export function useScheduler(app: FastifyInstance, scheduler: SchedulerLifecycle, start: boolean): void {
  if (start) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
