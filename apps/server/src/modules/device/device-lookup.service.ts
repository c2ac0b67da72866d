import type { Database } from '../../db/database';
import type { CommandTarget } from './commands/command-tracker';
import { DeviceRepository, toCommandTarget } from './device.repository';
import { type GatewayRef, GatewayRepository } from './gateway.repository';
import { PoleRepository } from './pole.repository';
import type { Within } from './within';

/** A lamp as other modules find it. */
export type LampRef = { id: string; projectId: string; name: string };

/** A lamp as commands address it. */
export type LampTarget = CommandTarget & { deviceId: string; address: string };

/** Which lamps: among ids, behind gateways, in projects (each given list narrows the choice). */
export type LampChoice = {
  lampIds?: readonly string[] | undefined;
  gatewayIds?: readonly string[] | undefined;
  projectIds?: readonly string[] | undefined;
};

/**
 * The registry as other modules consult it for their own rules, within the projects they name
 * (a caller's scope, one project): which lamps, gateways and poles exist, their names, and
 * lamps as commands address them. Nothing here is an API answer: that is `DeviceService`.
 */
export class DeviceLookup {
  private readonly devices: DeviceRepository;
  private readonly gatewayRows: GatewayRepository;
  private readonly poleRows: PoleRepository;

  constructor(db: Database) {
    this.devices = new DeviceRepository(db);
    this.gatewayRows = new GatewayRepository(db);
    this.poleRows = new PoleRepository(db);
  }

  /** The lamps among `ids` within some projects. */
  async lamps(ids: readonly string[], within: Within): Promise<LampRef[]> {
    const rows = await this.devices.named('lamp', ids, within);
    return rows.map((r) => ({ id: r.id, projectId: r.project_id, name: r.name }));
  }

  /** The gateways within some projects, those among `ids` unless null, by serial number. */
  gateways(ids: readonly string[] | null, within: Within): Promise<GatewayRef[]> {
    return this.gatewayRows.refs(within, ids);
  }

  /** The ids of the poles among `ids` within some projects. */
  poles(ids: readonly string[], within: Within): Promise<string[]> {
    return this.poleRows.ids(ids, within);
  }

  /** The lamps chosen within some projects, as commands address them, by gateway and address. */
  async lampTargets(choice: LampChoice, within: Within): Promise<LampTarget[]> {
    const rows = await this.devices.targets(
      { kind: 'lamp', ids: choice.lampIds, gatewayIds: choice.gatewayIds, projectIds: choice.projectIds },
      within,
    );
    return rows.map(toCommandTarget);
  }
}
