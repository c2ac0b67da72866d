import {
  DEFAULT_TIME_ZONE,
  type DeviceDto,
  type LightingOverview,
  type Page,
  toPage,
} from '@ics/contract/server';
import type { Queryable } from '../../../db/database';
import type { DeviceService } from '../../device';
import type { LightingAccess } from '../lighting-access';
import { localParts, zonedInstant } from '../plan';
import type { LampRepository, LampSet } from './lamp.repository';

/** The lamps of the sets of one kind, each set first looked up as the caller may see it. */
export type LampMembers = {
  page(userId: string, id: string, q: { pageNo: number; pageSize: number }): Promise<Page<DeviceDto>>;
  add(userId: string, id: string, lampIds: string[]): Promise<{ added: number }>;
  remove(userId: string, id: string, lampIds: string[]): Promise<{ removed: number }>;
};

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Lamps as lighting keeps and shows them: the lamps of a group or circuit, and the home page's figures. */
export class LampService {
  constructor(
    private readonly repo: LampRepository,
    private readonly access: LightingAccess,
    private readonly devices: DeviceService,
  ) {}

  /** A page of a set's lamps with their state, as the device list shows them. */
  async page(
    userId: string,
    set: LampSet,
    q: { pageNo: number; pageSize: number },
  ): Promise<Page<DeviceDto>> {
    const { ids, total } = await this.repo.page(set, q);
    const records = await Promise.all(ids.map((id) => this.devices.getDevice(userId, id)));
    return toPage(records, total, q.pageNo, q.pageSize);
  }

  /** Adds lamps (checked to be of the set's project) to a set, in `tx` when given; answers how many were not in it. */
  add(set: LampSet, lampIds: readonly string[], tx?: Queryable): Promise<number> {
    return this.repo.add(set, lampIds, tx);
  }

  /** Takes lamps out of a set; answers how many were in it. */
  remove(set: LampSet, lampIds: readonly string[]): Promise<number> {
    return this.repo.remove(set, lampIds);
  }

  /**
   * The lamp operations of groups or circuits: `projectOf` answers the project of a set the
   * caller may see (and refuses any other); lamps added must be of that project.
   */
  members(of: LampSet['of'], projectOf: (userId: string, id: string) => Promise<string>): LampMembers {
    return {
      page: async (userId, id, q) => {
        await projectOf(userId, id);
        return this.page(userId, { of, id }, q);
      },
      add: async (userId, id, lampIds) => {
        const lamps = await this.access.assertLamps(await projectOf(userId, id), lampIds);
        return { added: await this.add({ of, id }, lamps) };
      },
      remove: async (userId, id, lampIds) => {
        await projectOf(userId, id);
        return { removed: await this.remove({ of, id }, lampIds) };
      },
    };
  }

  /** The home page's figures: lamps online and lit, open faults, gateways, today's energy. */
  async overview(userId: string, projectId?: string, now = Date.now()): Promise<LightingOverview> {
    const midnight = zonedInstant(localParts(now, DEFAULT_TIME_ZONE).date, 0, DEFAULT_TIME_ZONE);
    const { lamps, gateways, kwh } = await this.repo.figures(
      await this.access.scopeOf(userId),
      projectId,
      new Date(midnight),
    );
    const total = lamps?.total ?? 0;
    const online = lamps?.online ?? 0;
    const lit = lamps?.lit ?? 0;
    return {
      lampTotal: total,
      online,
      onlineRate: total ? round(online / total) : 0,
      lampsOn: lit,
      lightingRate: online ? round(lit / online) : 0,
      todayEnergyKwh: Math.round((kwh ?? 0) * 1000) / 1000,
      openFaults: lamps?.faults ?? 0,
      gatewayTotal: gateways?.total ?? 0,
      gatewayOnline: gateways?.online ?? 0,
    };
  }
}
