import type {
  commandListQuerySchema,
  deviceBodySchema,
  deviceEditSchema,
  deviceListQuerySchema,
  eventListQuerySchema,
  gatewayBodySchema,
  gatewayEditSchema,
  gatewayListQuerySchema,
  historyQuerySchema,
  poleBodySchema,
  poleEditSchema,
  poleListQuerySchema,
} from '@ics/contract/server';
import {
  type ChildKind,
  type CommandDto,
  type CommandInput,
  commandArea,
  commandTargets,
  type DeviceDto,
  type DeviceEventDto,
  type DeviceSearchHit,
  type GatewayCredentials,
  type GatewayDto,
  type HistoryPoint,
  type Page,
  type PoleDto,
  type SendCommandResult,
  TOPIC_PREFIX,
  toPage,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import type { ScopeFilter } from '../../http/sql-where';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { ProjectService } from '../project';
import type { BrokerAccounts } from './bus/broker-accounts';
import { hashDeviceSecret, newDeviceSecret } from './bus/credentials';
import type { CommandTarget } from './commands/command-tracker';
import { DeviceRepository, toCommandTarget } from './device.repository';
import type { ImportedDevice, ImportTargets } from './device-import-devices';
import { EventRepository } from './event.repository';
import { GatewayRepository } from './gateway.repository';
import { PoleRepository, type PoleRoad } from './pole.repository';
import type { DeviceRuntime } from './runtime/device-runtime';
import { HistoryRepository } from './telemetry/history.repository';

type Q<S extends z.ZodType> = z.output<S>;

/** Which projects a user may see (the project module answers it). */
export type ProjectScopes = {
  scopeOf(userId: string): Promise<ScopeFilter>;
  canSee(userId: string, projectId: string): Promise<boolean>;
};

/** The roads of an area (the lighting module's hierarchy over poles), for the lamp list's area filter. */
export type RoadsOfArea = (areaId: string) => Promise<readonly string[]>;

/** What the registry asks of other modules. */
export type RegistryPorts = {
  /** Which projects a user may see: every query of the registry is limited to them. */
  scopes: ProjectScopes;
  /** Whether a project exists: poles and gateways are added to live projects only. */
  projects: Pick<ProjectService, 'exists'>;
  roadsOfArea: RoadsOfArea;
};

/** A gateway on a pole, as the pole's detail shows it. */
export type PoleGateway = { id: string; sn: string; name: string; online: boolean };

/** Devices on a pole a detail shows at most. */
const POLE_DEVICES = 200;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The device registry (poles, gateways, devices behind them), their state and history, and
 * commands. Every query is limited to the caller's projects.
 */
export class DeviceService {
  private readonly poles: PoleRepository;
  private readonly gateways: GatewayRepository;
  private readonly devices: DeviceRepository;
  private readonly events: EventRepository;
  private readonly histories: HistoryRepository;

  constructor(
    db: Database,
    private readonly runtime: DeviceRuntime,
    private readonly ports: RegistryPorts,
  ) {
    this.poles = new PoleRepository(db);
    this.gateways = new GatewayRepository(db);
    this.devices = new DeviceRepository(db);
    this.events = new EventRepository(db);
    this.histories = new HistoryRepository(db);
  }

  private scope(userId: string) {
    return this.ports.scopes.scopeOf(userId);
  }

  private async assertProject(userId: string, projectId: string) {
    if (
      !(await this.ports.projects.exists(projectId)) ||
      !(await this.ports.scopes.canSee(userId, projectId))
    )
      throw notFound('device.project_not_found');
  }

  // ---- poles -----------------------------------------------------------------------------

  async listPoles(userId: string, q: Q<typeof poleListQuerySchema>): Promise<Page<PoleDto>> {
    const { rows, total } = await this.poles.list(await this.scope(userId), q);
    return toPage(rows, total, q.pageNo, q.pageSize);
  }

  async getPole(userId: string, id: string): Promise<PoleDto> {
    const pole = await this.poles.get(await this.scope(userId), id);
    if (!pole) throw notFound('device.pole_not_found');
    return pole;
  }

  async addPole(userId: string, username: string, b: Q<typeof poleBodySchema>): Promise<PoleDto> {
    await this.assertProject(userId, b.projectId);
    try {
      return await this.poles.insert(b, username);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('device.pole_code_taken', { code: b.code });
      throw error;
    }
  }

  async editPole(userId: string, username: string, b: Q<typeof poleEditSchema>): Promise<PoleDto> {
    const current = await this.getPole(userId, b.id);
    if (b.projectId && b.projectId !== current.projectId) await this.assertProject(userId, b.projectId);
    try {
      await this.poles.update(
        b.id,
        {
          projectId: b.projectId ?? current.projectId,
          code: b.code ?? current.code,
          name: b.name ?? current.name,
          longitude: b.longitude ?? current.longitude,
          latitude: b.latitude ?? current.latitude,
          road: b.road === undefined ? current.road : b.road,
          height: b.height === undefined ? current.height : b.height,
        },
        username,
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('device.pole_code_taken', { code: b.code ?? current.code });
      throw error;
    }
    return this.getPole(userId, b.id);
  }

  async deletePoles(userId: string, ids: string[]): Promise<void> {
    await this.poles.delete(await this.scope(userId), ids);
  }

  /**
   * Puts the caller's poles among `poleIds` on a road (those of its project), or takes them off
   * any road (null); answers the ids of the poles changed.
   */
  async assignRoad(userId: string, poleIds: readonly string[], road: PoleRoad | null): Promise<string[]> {
    return this.poles.setRoad(await this.scope(userId), poleIds, road);
  }

  /** A road was renamed: its poles take the name, in the caller's transaction `tx`. */
  renameRoad(tx: Queryable, roadId: string, name: string): Promise<void> {
    return new PoleRepository(tx).renameRoad(roadId, name);
  }

  /** What stands on a pole: its gateways, and its devices (the first 200) with their state. */
  async onPole(userId: string, poleId: string): Promise<{ gateways: PoleGateway[]; devices: DeviceDto[] }> {
    const [gateways, devices] = await Promise.all([
      this.gateways.onPole(poleId),
      this.devices.onPole(await this.scope(userId), poleId, POLE_DEVICES),
    ]);
    return { gateways, devices: devices.map((d) => this.withLiveState(d)) };
  }

  // ---- gateways --------------------------------------------------------------------------

  async listGateways(userId: string, q: Q<typeof gatewayListQuerySchema>): Promise<Page<GatewayDto>> {
    const { rows, total } = await this.gateways.list(await this.scope(userId), q);
    return toPage(rows, total, q.pageNo, q.pageSize);
  }

  async getGateway(userId: string, id: string): Promise<GatewayDto> {
    const gateway = await this.gateways.get(await this.scope(userId), id);
    if (!gateway) throw notFound('device.gateway_not_found');
    return gateway;
  }

  private async assertPole(userId: string, poleId: string | null | undefined, projectId: string) {
    if (!poleId) return;
    const pole = await this.getPole(userId, poleId);
    if (pole.projectId !== projectId) throw notFound('device.pole_not_found');
  }

  async addGateway(
    userId: string,
    username: string,
    b: Q<typeof gatewayBodySchema>,
  ): Promise<GatewayDto & { credentials: GatewayCredentials }> {
    await this.assertProject(userId, b.projectId);
    await this.assertPole(userId, b.poleId, b.projectId);
    const secret = newDeviceSecret();
    const hash = await hashDeviceSecret(secret);
    let id: string;
    try {
      id = await this.gateways.insert(b, hash, username);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('device.gateway_sn_taken', { sn: b.sn });
      throw error;
    }
    try {
      await this.brokerAccounts().issue(b.sn, secret);
    } catch (error) {
      // No gateway whose credentials the broker would refuse.
      await this.gateways.delete('all', [id]);
      throw error;
    }
    this.runtime.directory.invalidate(b.sn);
    return { ...(await this.getGateway(userId, id)), credentials: this.credentials(id, b.sn, secret) };
  }

  /** The broker's accounts (an external broker's dynamic-security plugin); 503 while unreachable. */
  private brokerAccounts(): BrokerAccounts {
    const fail = (): never => {
      throw new AppError(503, 'device.broker_accounts_down');
    };
    let accounts: BrokerAccounts;
    try {
      accounts = this.runtime.accounts;
    } catch {
      return fail();
    }
    return {
      issue: (sn, password) => accounts.issue(sn, password).catch(fail),
      remove: (sn) => accounts.remove(sn).catch(fail),
      close: () => accounts.close(),
    };
  }

  private credentials(gatewayId: string, sn: string, password: string): GatewayCredentials {
    return { gatewayId, sn, username: sn, password, clientId: sn, topicPrefix: `${TOPIC_PREFIX}/${sn}` };
  }

  async rotateCredentials(userId: string, id: string): Promise<GatewayCredentials> {
    const gw = await this.getGateway(userId, id);
    const secret = newDeviceSecret();
    // The broker first: when it cannot take the new password, the old one stays valid everywhere.
    await this.brokerAccounts().issue(gw.sn, secret);
    await this.gateways.setCredentials(id, await hashDeviceSecret(secret));
    this.runtime.directory.invalidate(gw.sn);
    return this.credentials(id, gw.sn, secret);
  }

  async editGateway(userId: string, username: string, b: Q<typeof gatewayEditSchema>): Promise<GatewayDto> {
    const current = await this.getGateway(userId, b.id);
    const projectId = b.projectId ?? current.projectId;
    if (projectId !== current.projectId) await this.assertProject(userId, projectId);
    const poleId = b.poleId === undefined ? current.poleId : b.poleId;
    await this.assertPole(userId, poleId, projectId);
    await this.gateways.update(
      current,
      {
        projectId,
        poleId,
        name: b.name ?? current.name,
        model: b.model === undefined ? current.model : b.model,
      },
      username,
    );
    this.runtime.directory.invalidate(current.sn);
    return this.getGateway(userId, b.id);
  }

  async deleteGateways(userId: string, ids: string[]): Promise<void> {
    const scope = await this.scope(userId);
    // The broker's accounts first: a gateway removed from the registry can no longer connect.
    const accounts = this.brokerAccounts();
    for (const sn of await this.gateways.snsOf(scope, ids)) await accounts.remove(sn);
    for (const sn of await this.gateways.delete(scope, ids)) this.runtime.directory.invalidate(sn);
  }

  async listEvents(userId: string, q: Q<typeof eventListQuerySchema>): Promise<Page<DeviceEventDto>> {
    const { rows, total } = await this.events.list(await this.scope(userId), q);
    return toPage(rows, total, q.pageNo, q.pageSize);
  }

  // ---- devices ---------------------------------------------------------------------------

  async listDevices(
    userId: string,
    kind: ChildKind,
    q: Q<typeof deviceListQuerySchema>,
  ): Promise<Page<DeviceDto>> {
    const areaRoads = q.areaId ? await this.ports.roadsOfArea(q.areaId) : [];
    const { rows, total } = await this.devices.list(await this.scope(userId), kind, q, areaRoads);
    return toPage(
      rows.map((d) => this.withLiveState(d)),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  async getDevice(userId: string, id: string): Promise<DeviceDto> {
    const device = await this.devices.get(await this.scope(userId), id);
    if (!device) throw notFound('device.not_found');
    return this.withLiveState(device);
  }

  /** The device with the latest state this node heard from it, when newer than its row. */
  private withLiveState(device: DeviceDto): DeviceDto {
    const live = this.runtime.ingest.liveState(device.id);
    if (live) device.state = live.over(device.state);
    return device;
  }

  async addDevice(userId: string, username: string, b: Q<typeof deviceBodySchema>): Promise<DeviceDto> {
    const gw = await this.getGateway(userId, b.gatewayId);
    await this.assertPole(userId, b.poleId, gw.projectId);
    if (await this.devices.exists(gw.id, b.address))
      throw conflict('device.address_taken', { address: b.address });
    const [id] = await this.devices.register(
      gw,
      [{ dev: b.address, kind: b.kind, model: b.model ?? undefined, name: b.name, poleId: b.poleId ?? null }],
      username,
    );
    if (!id) throw conflict('device.address_taken', { address: b.address });
    this.runtime.directory.invalidate(gw.sn);
    return this.getDevice(userId, id);
  }

  async editDevice(userId: string, username: string, b: Q<typeof deviceEditSchema>): Promise<DeviceDto> {
    const current = await this.getDevice(userId, b.id);
    const poleId = b.poleId === undefined ? current.poleId : b.poleId;
    await this.assertPole(userId, poleId, current.projectId);
    try {
      await this.devices.update(
        b.id,
        {
          address: b.address ?? current.address,
          name: b.name ?? current.name,
          poleId,
          model: b.model === undefined ? current.model : b.model,
        },
        username,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('device.address_taken', { address: b.address ?? '' });
      throw error;
    }
    this.runtime.directory.invalidate(current.gatewaySn);
    return this.getDevice(userId, b.id);
  }

  /** The gateways (by sn) and poles (by code) of a project the caller may see, for an import. */
  async importTargets(userId: string, projectId: string): Promise<ImportTargets> {
    await this.assertProject(userId, projectId);
    const [gatewayBySn, poleByCode] = await Promise.all([
      this.gateways.bySn(projectId),
      this.poles.idsByCode(projectId),
    ]);
    return { gatewayBySn, poleByCode };
  }

  /**
   * Adds one imported device (gateway and pole already resolved within the project by
   * {@link importTargets}); answers false when its address is already taken on its gateway.
   */
  async addImportedDevice(username: string, d: ImportedDevice): Promise<boolean> {
    const [id] = await this.devices.register(
      d.gateway,
      [{ dev: d.address, kind: d.kind, name: d.name, model: d.model ?? undefined, poleId: d.poleId }],
      username,
    );
    if (!id) return false;
    this.runtime.directory.invalidate(d.gateway.sn);
    return true;
  }

  async deleteDevice(userId: string, id: string): Promise<void> {
    const current = await this.getDevice(userId, id);
    await this.devices.delete(id);
    this.runtime.directory.invalidate(current.gatewaySn);
  }

  async search(userId: string, keyword: string, limit: number): Promise<DeviceSearchHit[]> {
    const scope = await this.scope(userId);
    const gws = await this.gateways.search(scope, keyword, limit);
    const devs = await this.devices.search(scope, keyword, limit);
    return [
      ...gws.map((g) => ({
        kind: 'gateway' as const,
        id: g.id,
        gatewayId: g.id,
        sn: g.sn,
        address: null,
        name: g.name,
        projectId: g.project_id,
        online: g.online,
      })),
      ...devs.map((d) => ({
        kind: d.kind,
        id: d.id,
        gatewayId: d.gatewayId,
        sn: d.gatewaySn,
        address: d.address,
        name: d.name,
        projectId: d.projectId,
        online: d.state.online,
      })),
    ].slice(0, limit);
  }

  async rawMessages(userId: string, gatewayId: string, after: number) {
    await this.getGateway(userId, gatewayId);
    return this.runtime.rawLog.since(gatewayId, after);
  }

  // ---- history ---------------------------------------------------------------------------

  async history(
    userId: string,
    kind: 'lamp' | 'sensor',
    q: Q<typeof historyQuerySchema>,
  ): Promise<HistoryPoint[]> {
    const device = await this.getDevice(userId, q.deviceId);
    if (device.kind !== kind) throw notFound('device.not_found');
    const to = q.to === undefined ? new Date() : new Date(q.to);
    const span = q.interval === 'day' ? 90 * 86_400_000 : q.interval === 'hour' ? 7 * 86_400_000 : 86_400_000;
    const from = q.from === undefined ? new Date(to.getTime() - span) : new Date(q.from);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
      throw badRequest('error.validation', { field: 'from' });
    return this.histories.points(kind, q.interval, q.deviceId, from, to, q.limit);
  }

  // ---- commands --------------------------------------------------------------------------

  async sendCommand(
    caller: { userId: string; username: string },
    area: 'lamp' | 'gateway' | 'screen' | 'speaker' | 'test',
    body: { deviceIds: string[]; gatewayIds: string[]; command: CommandInput },
  ): Promise<SendCommandResult> {
    const { cmd, params } = body.command;
    if (area !== 'test' && commandArea[cmd] !== area) throw badRequest('device.command_not_here', { cmd });
    const commands = this.runtime.commands;
    if (!commands.running) throw new AppError(503, 'device.bus_down');
    const scope = await this.scope(caller.userId);
    const accepts = commandTargets[cmd];
    const rejected: SendCommandResult['rejected'] = [];
    const targets: CommandTarget[] = [];
    if (body.deviceIds.length) {
      const chosen = await this.devices.targets({ ids: body.deviceIds }, { scope });
      const found = new Map(chosen.map((r) => [r.id, r]));
      for (const id of new Set(body.deviceIds)) {
        const r = found.get(id);
        if (!r) rejected.push({ id, reason: 'device.not_found' });
        else if (!accepts.includes(r.kind)) rejected.push({ id, reason: 'device.command_not_here' });
        else targets.push(toCommandTarget(r));
      }
    }
    if (body.gatewayIds.length) {
      const found = new Map((await this.gateways.refs({ scope }, body.gatewayIds)).map((r) => [r.id, r]));
      for (const id of new Set(body.gatewayIds)) {
        const r = found.get(id);
        if (!r) rejected.push({ id, reason: 'device.gateway_not_found' });
        else if (!accepts.includes('gateway')) rejected.push({ id, reason: 'device.command_not_here' });
        else
          targets.push({
            projectId: r.projectId,
            gatewayId: r.id,
            gatewaySn: r.sn,
            deviceId: null,
            address: null,
          });
      }
    }
    if (targets.length === 0) return { batchId: '', commands: [], rejected };
    const { batchId, ids } = await commands.send(targets, cmd, params, caller.username, {
      userId: caller.userId,
    });
    return {
      batchId,
      commands: targets.map((t, i) => ({ id: ids[i]!, deviceId: t.deviceId, gatewayId: t.gatewayId })),
      rejected,
    };
  }

  async listCommands(userId: string, q: Q<typeof commandListQuerySchema>): Promise<Page<CommandDto>> {
    return this.runtime.commands.list(await this.scope(userId), q);
  }

  async commandStatus(userId: string, ids: string[]): Promise<CommandDto[]> {
    return this.runtime.commands.statusOf(await this.scope(userId), ids);
  }
}
