import type { FastifyInstance } from 'fastify';

/** The part of the device module the app starts and stops. */
export type DeviceLifecycle = { runtime: { start(): Promise<void> }; close(): Promise<void> };

/**
 * The device bus (embedded broker or `MQTT_URL`), ingestion and command tracking start when the
 * app is ready, when `start` says so (tests start it themselves); on close buffered telemetry is
 * written before the database closes.
 */
export function useDeviceBus(app: FastifyInstance, device: DeviceLifecycle, start: boolean): void {
  if (start) app.addHook('onReady', () => device.runtime.start());
  app.addHook('onClose', () => device.close());
}
