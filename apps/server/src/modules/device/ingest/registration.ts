import type { helloSchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { DeviceRepository } from '../device.repository';
import type { GatewayDirectory, GatewayInfo } from '../directory/gateway-directory';
import type { GatewayRepository } from '../gateway.repository';
import type { IngestLogger } from './ingest-events';

export type Hello = z.output<typeof helloSchema>;

/**
 * A gateway's hello: what it says of itself is written on its row, and the devices it announces
 * that are not registered yet are created. Until they are, the gateway's next messages wait
 * (`waitFor`): readings sent right after a hello would otherwise meet the directory entry of
 * before and be dropped as unknown.
 */
export class Registration {
  /** Gateways whose hello announced new devices, until they are registered. */
  private readonly registering = new Map<string, Promise<void>>();

  constructor(
    private readonly gateways: GatewayRepository,
    private readonly devices: DeviceRepository,
    private readonly directory: GatewayDirectory,
    private readonly log: IngestLogger,
  ) {}

  /** The registration the gateway's messages wait for (undefined: none). */
  waitFor(sn: string): Promise<void> | undefined {
    return this.registering.get(sn);
  }

  hello(gw: GatewayInfo, hello: Hello): void {
    const registered = this.register(gw, hello).catch((err: Error) =>
      this.log.error({ err, sn: gw.sn }, 'hello: registering devices failed'),
    );
    if (hello.devices.some((d) => !gw.devices.has(d.dev))) {
      const done = registered.finally(() => {
        if (this.registering.get(gw.sn) === done) this.registering.delete(gw.sn);
      });
      this.registering.set(gw.sn, done);
    }
  }

  private async register(gw: GatewayInfo, hello: Hello) {
    await this.gateways.recordHello(gw.id, hello);
    const fresh = hello.devices.filter((d) => !gw.devices.has(d.dev));
    if (fresh.length === 0) return;
    await this.devices.register(gw, fresh);
    this.directory.invalidate(gw.sn);
  }
}
