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
} from '@ics/contract';
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
} from '@ics/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { COMMAND_COLUMNS, type CommandRow, loadCommands, toCommandDto } from '../../devices/command-rows';
import { hashDeviceSecret, newDeviceSecret } from '../../devices/credentials';
import { registerDevices } from '../../devices/ingest';
import { rawReadings } from '../../devices/raw-history';
import type { DeviceRuntime } from '../../devices/runtime';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { ProjectScope, ProjectScopeService } from '../project';
import type { ImportedDevice, ImportTargets } from './device-import-devices';

type Q<S extends z.ZodType> = z.output<S>;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Builds `where` clauses with numbered parameters. */
class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  add(sql: string, ...values: unknown[]) {
    let text = sql;
    for (const v of values) {
      this.params.push(v);
      text = text.replace('?', `$${this.params.length}`);
    }
    this.parts.push(text);
    return this;
  }
  scope(scope: ProjectScope, column: string) {
    if (scope !== 'all') this.add(`${column} = any(?::text[])`, scope);
    return this;
  }
  get sql() {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function order(
  column: string | undefined,
  dir: string | undefined,
  allowed: Record<string, string>,
  fallback: string,
) {
  const col = column ? allowed[column] : undefined;
  return col ? `${col} ${dir === 'asc' ? 'asc' : 'desc'}` : fallback;
}

type PoleRow = {
  id: string;
  project_id: string;
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  road: string | null;
  height: number | null;
  create_time: Date;
};
const toPole = (r: PoleRow): PoleDto => ({
  id: r.id,
  projectId: r.project_id,
  code: r.code,
  name: r.name,
  longitude: r.longitude,
  latitude: r.latitude,
  road: r.road,
  height: r.height,
  createTime: iso(r.create_time)!,
});

type GatewayRow = {
  id: string;
  project_id: string;
  pole_id: string | null;
  sn: string;
  name: string;
  model: string | null;
  firmware: string | null;
  online: boolean;
  last_seen: Date | null;
  schedule_version: string | null;
  heartbeat_seconds: number | null;
  device_count: number;
  credential_issued_at: Date | null;
  create_time: Date;
};
const GATEWAY_COLUMNS = `g.id, g.project_id, g.pole_id, g.sn, g.name, g.model, g.firmware, g.online, g.last_seen,
  g.schedule_version, g.heartbeat_seconds, g.credential_issued_at, g.create_time,
  (select count(*) from dev_device d where d.gateway_id = g.id)::int as device_count`;
const toGateway = (r: GatewayRow): GatewayDto => ({
  id: r.id,
  projectId: r.project_id,
  poleId: r.pole_id,
  sn: r.sn,
  name: r.name,
  model: r.model,
  firmware: r.firmware,
  online: r.online,
  lastSeen: iso(r.last_seen),
  scheduleVersion: r.schedule_version,
  heartbeatSeconds: r.heartbeat_seconds,
  deviceCount: r.device_count,
  credentialIssuedAt: iso(r.credential_issued_at),
  createTime: iso(r.create_time)!,
});

type DeviceRow = {
  id: string;
  project_id: string;
  gateway_id: string;
  gateway_sn: string;
  pole_id: string | null;
  kind: ChildKind;
  address: string;
  name: string;
  model: string | null;
  online: boolean | null;
  last_seen: Date | null;
  vals: Record<string, unknown> | null;
  faults: string[] | null;
  create_time: Date;
};
const DEVICE_COLUMNS = `d.id, d.project_id, d.gateway_id, g.sn as gateway_sn, d.pole_id, d.kind, d.address, d.name,
  d.model, s.online, s.last_seen, s.vals, s.faults, d.create_time`;
const DEVICE_FROM = `from dev_device d join dev_gateway g on g.id = d.gateway_id left join dev_state s on s.device_id = d.id`;
/**
 * What the device count reads: the joins only when a condition needs them. Neither join changes
 * the count (a device has exactly one gateway, at most one state row), and at 100,000 lamps the
 * joined count was most of a list request.
 */
const deviceCountFrom = (conditions: string) =>
  /\b[gs]\./.test(conditions) ? DEVICE_FROM : 'from dev_device d';
const toDevice = (r: DeviceRow): DeviceDto => ({
  id: r.id,
  projectId: r.project_id,
  gatewayId: r.gateway_id,
  gatewaySn: r.gateway_sn,
  poleId: r.pole_id,
  kind: r.kind,
  address: r.address,
  name: r.name,
  model: r.model,
  state: {
    online: r.online ?? false,
    lastSeen: iso(r.last_seen),
    values: r.vals ?? {},
    faults: r.faults ?? [],
  },
  createTime: iso(r.create_time)!,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The device registry (poles, gateways, devices behind them), their state and history, and
 * commands. Every query is limited to the caller's projects.
 */
export class DeviceService {
  constructor(
    private readonly db: Database,
    private readonly scopes: ProjectScopeService,
    private readonly runtime: DeviceRuntime,
  ) {}

  private scope(userId: string) {
    return this.scopes.scopeOf(userId);
  }

  private async assertProject(userId: string, projectId: string, tx: Queryable = this.db) {
    const [p] = await tx.query('select 1 from sys_project where id = $1 and del_flag = 0', [projectId]);
    if (!p || !(await this.scopes.canSee(userId, projectId))) throw notFound('device.project_not_found');
  }

  // ---- poles -----------------------------------------------------------------------------

  async listPoles(userId: string, q: Q<typeof poleListQuerySchema>): Promise<Page<PoleDto>> {
    const w = new Where().scope(await this.scope(userId), 'p.project_id');
    if (q.projectId) w.add('p.project_id = ?', q.projectId);
    if (q.code) w.add('p.code ilike ?', like(q.code));
    if (q.name) w.add('p.name ilike ?', like(q.name));
    if (q.road) w.add('p.road ilike ?', like(q.road));
    const sort = order(
      q.column,
      q.order,
      { code: 'p.code', name: 'p.name', createTime: 'p.create_time' },
      'p.code asc',
    );
    const [rows, [count]] = await Promise.all([
      this.db.query<PoleRow>(
        `select p.* from dev_pole p ${w.sql} order by ${sort}, p.id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from dev_pole p ${w.sql}`, w.params),
    ]);
    return toPage(rows.map(toPole), count?.n ?? 0, q.pageNo, q.pageSize);
  }

  async getPole(userId: string, id: string): Promise<PoleDto> {
    const w = new Where().add('p.id = ?', id).scope(await this.scope(userId), 'p.project_id');
    const [row] = await this.db.query<PoleRow>(`select p.* from dev_pole p ${w.sql}`, w.params);
    if (!row) throw notFound('device.pole_not_found');
    return toPole(row);
  }

  async addPole(userId: string, username: string, b: Q<typeof poleBodySchema>): Promise<PoleDto> {
    await this.assertProject(userId, b.projectId);
    try {
      const [row] = await this.db.query<PoleRow>(
        `insert into dev_pole (project_id, code, name, longitude, latitude, road, height, create_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
        [b.projectId, b.code, b.name, b.longitude, b.latitude, b.road ?? null, b.height ?? null, username],
      );
      return toPole(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('device.pole_code_taken', { code: b.code });
      throw error;
    }
  }

  async editPole(userId: string, username: string, b: Q<typeof poleEditSchema>): Promise<PoleDto> {
    const current = await this.getPole(userId, b.id);
    if (b.projectId && b.projectId !== current.projectId) await this.assertProject(userId, b.projectId);
    try {
      await this.db.query(
        `update dev_pole set project_id = $2, code = $3, name = $4, longitude = $5, latitude = $6, road = $7,
           height = $8, update_by = $9, update_time = now() where id = $1`,
        [
          b.id,
          b.projectId ?? current.projectId,
          b.code ?? current.code,
          b.name ?? current.name,
          b.longitude ?? current.longitude,
          b.latitude ?? current.latitude,
          b.road === undefined ? current.road : b.road,
          b.height === undefined ? current.height : b.height,
          username,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('device.pole_code_taken', { code: b.code ?? current.code });
      throw error;
    }
    return this.getPole(userId, b.id);
  }

  async deletePoles(userId: string, ids: string[]): Promise<void> {
    const w = new Where().add('id = any(?::text[])', ids).scope(await this.scope(userId), 'project_id');
    await this.db.query(`delete from dev_pole ${w.sql}`, w.params);
  }

  // ---- gateways --------------------------------------------------------------------------

  async listGateways(userId: string, q: Q<typeof gatewayListQuerySchema>): Promise<Page<GatewayDto>> {
    const w = new Where().scope(await this.scope(userId), 'g.project_id');
    if (q.projectId) w.add('g.project_id = ?', q.projectId);
    if (q.sn) w.add('g.sn ilike ?', like(q.sn));
    if (q.name) w.add('g.name ilike ?', like(q.name));
    if (q.online) w.add('g.online = ?', q.online === '1');
    const sort = order(
      q.column,
      q.order,
      { sn: 'g.sn', name: 'g.name', lastSeen: 'g.last_seen', createTime: 'g.create_time' },
      'g.sn asc',
    );
    const [rows, [count]] = await Promise.all([
      this.db.query<GatewayRow>(
        `select ${GATEWAY_COLUMNS} from dev_gateway g ${w.sql} order by ${sort}, g.id
         limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from dev_gateway g ${w.sql}`, w.params),
    ]);
    return toPage(rows.map(toGateway), count?.n ?? 0, q.pageNo, q.pageSize);
  }

  async getGateway(userId: string, id: string): Promise<GatewayDto> {
    const w = new Where().add('g.id = ?', id).scope(await this.scope(userId), 'g.project_id');
    const [row] = await this.db.query<GatewayRow>(
      `select ${GATEWAY_COLUMNS} from dev_gateway g ${w.sql}`,
      w.params,
    );
    if (!row) throw notFound('device.gateway_not_found');
    return toGateway(row);
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
      const [row] = await this.db.query<{ id: string }>(
        `insert into dev_gateway (project_id, pole_id, sn, name, model, credential_hash, credential_issued_at, create_by)
         values ($1, $2, $3, $4, $5, $6, now(), $7) returning id`,
        [b.projectId, b.poleId ?? null, b.sn, b.name, b.model ?? null, hash, username],
      );
      id = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('device.gateway_sn_taken', { sn: b.sn });
      throw error;
    }
    this.runtime.directory.invalidate(b.sn);
    return { ...(await this.getGateway(userId, id)), credentials: this.credentials(id, b.sn, secret) };
  }

  private credentials(gatewayId: string, sn: string, password: string): GatewayCredentials {
    return { gatewayId, sn, username: sn, password, clientId: sn, topicPrefix: `${TOPIC_PREFIX}/${sn}` };
  }

  async rotateCredentials(userId: string, id: string): Promise<GatewayCredentials> {
    const gw = await this.getGateway(userId, id);
    const secret = newDeviceSecret();
    await this.db.query(
      'update dev_gateway set credential_hash = $2, credential_issued_at = now(), update_time = now() where id = $1',
      [id, await hashDeviceSecret(secret)],
    );
    this.runtime.directory.invalidate(gw.sn);
    return this.credentials(id, gw.sn, secret);
  }

  async editGateway(userId: string, username: string, b: Q<typeof gatewayEditSchema>): Promise<GatewayDto> {
    const current = await this.getGateway(userId, b.id);
    const projectId = b.projectId ?? current.projectId;
    if (projectId !== current.projectId) await this.assertProject(userId, projectId);
    const poleId = b.poleId === undefined ? current.poleId : b.poleId;
    await this.assertPole(userId, poleId, projectId);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update dev_gateway set project_id = $2, pole_id = $3, name = $4, model = $5, update_by = $6, update_time = now()
         where id = $1`,
        [
          b.id,
          projectId,
          poleId,
          b.name ?? current.name,
          b.model === undefined ? current.model : b.model,
          username,
        ],
      );
      if (projectId !== current.projectId)
        await tx.query('update dev_device set project_id = $2 where gateway_id = $1', [b.id, projectId]);
    });
    this.runtime.directory.invalidate(current.sn);
    return this.getGateway(userId, b.id);
  }

  async deleteGateways(userId: string, ids: string[]): Promise<void> {
    const w = new Where().add('id = any(?::text[])', ids).scope(await this.scope(userId), 'project_id');
    const rows = await this.db.query<{ sn: string }>(
      `delete from dev_gateway ${w.sql} returning sn`,
      w.params,
    );
    for (const r of rows) this.runtime.directory.invalidate(r.sn);
  }

  async listEvents(userId: string, q: Q<typeof eventListQuerySchema>): Promise<Page<DeviceEventDto>> {
    const w = new Where().scope(await this.scope(userId), 'e.project_id');
    if (q.projectId) w.add('e.project_id = ?', q.projectId);
    if (q.gatewayId) w.add('e.gateway_id = ?', q.gatewayId);
    if (q.deviceId) w.add('e.device_id = ?', q.deviceId);
    if (q.type) w.add('e.type = ?', q.type);
    const [rows, [count]] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `select e.* from dev_event e ${w.sql} order by e.ts desc, e.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from dev_event e ${w.sql}`, w.params),
    ]);
    const records = rows.map((r) => ({
      id: String(r.id),
      projectId: r.project_id as string,
      gatewayId: r.gateway_id as string,
      deviceId: (r.device_id as string | null) ?? null,
      type: r.type as string,
      code: (r.code as string | null) ?? null,
      active: (r.active as boolean | null) ?? null,
      message: (r.message as string | null) ?? null,
      ts: iso(r.ts)!,
    }));
    return toPage(records, count?.n ?? 0, q.pageNo, q.pageSize);
  }

  // ---- devices ---------------------------------------------------------------------------

  async listDevices(
    userId: string,
    kind: ChildKind,
    q: Q<typeof deviceListQuerySchema>,
  ): Promise<Page<DeviceDto>> {
    const w = new Where().add('d.kind = ?', kind).scope(await this.scope(userId), 'd.project_id');
    if (q.projectId) w.add('d.project_id = ?', q.projectId);
    if (q.gatewayId) w.add('d.gateway_id = ?', q.gatewayId);
    if (q.poleId) w.add('d.pole_id = ?', q.poleId);
    if (q.keyword)
      w.add('(d.name ilike ? or d.address ilike ? or g.sn ilike ?)', ...Array(3).fill(like(q.keyword)));
    if (q.online) w.add('coalesce(s.online, false) = ?', q.online === '1');
    if (q.faulty) w.add(`(jsonb_array_length(coalesce(s.faults, '[]'::jsonb)) > 0) = ?`, q.faulty === '1');
    // Road / area (the lighting module's hierarchy) and live state.
    if (q.roadId) w.add('d.pole_id in (select id from dev_pole where road_id = ?)', q.roadId);
    if (q.areaId)
      w.add(
        'd.pole_id in (select p.id from dev_pole p join lighting_road r on r.id = p.road_id where r.area_id = ?)',
        q.areaId,
      );
    if (q.road) w.add('d.pole_id in (select id from dev_pole where road = ?)', q.road);
    if (q.state === 'on') w.add(`s.online and s.vals->>'on' = 'true'`);
    if (q.state === 'off') w.add(`s.online and coalesce(s.vals->>'on', 'false') <> 'true'`);
    if (q.state === 'offline') w.add('not coalesce(s.online, false)');
    // The form of dev_state_faulty_idx's predicate (a device without a state row has no fault).
    if (q.state === 'fault') w.add('jsonb_array_length(s.faults) > 0');
    const sort = order(
      q.column,
      q.order,
      { name: 'd.name', address: 'd.address', lastSeen: 's.last_seen', createTime: 'd.create_time' },
      'g.sn asc, d.address asc',
    );
    const [rows, [count]] = await Promise.all([
      this.db.query<DeviceRow>(
        `select ${DEVICE_COLUMNS} ${DEVICE_FROM} ${w.sql} order by ${sort}, d.id
         limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n ${deviceCountFrom(w.sql)} ${w.sql}`, w.params),
    ]);
    return toPage(
      rows.map((r) => this.withLiveState(toDevice(r))),
      count?.n ?? 0,
      q.pageNo,
      q.pageSize,
    );
  }

  async getDevice(userId: string, id: string): Promise<DeviceDto> {
    const w = new Where().add('d.id = ?', id).scope(await this.scope(userId), 'd.project_id');
    const [row] = await this.db.query<DeviceRow>(
      `select ${DEVICE_COLUMNS} ${DEVICE_FROM} ${w.sql}`,
      w.params,
    );
    if (!row) throw notFound('device.not_found');
    return this.withLiveState(toDevice(row));
  }

  /** The device with the latest state this node heard from it, when newer than its row. */
  private withLiveState(device: DeviceDto): DeviceDto {
    const live = this.runtime.ingestor.liveState(device.id);
    if (live) device.state = live.over(device.state);
    return device;
  }

  async addDevice(userId: string, username: string, b: Q<typeof deviceBodySchema>): Promise<DeviceDto> {
    const gw = await this.getGateway(userId, b.gatewayId);
    await this.assertPole(userId, b.poleId, gw.projectId);
    const [exists] = await this.db.query('select 1 from dev_device where gateway_id = $1 and address = $2', [
      gw.id,
      b.address,
    ]);
    if (exists) throw conflict('device.address_taken', { address: b.address });
    const [id] = await registerDevices(
      this.db,
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
      await this.db.query(
        `update dev_device set address = $2, name = $3, pole_id = $4, model = $5, update_by = $6, update_time = now()
         where id = $1`,
        [
          b.id,
          b.address ?? current.address,
          b.name ?? current.name,
          poleId,
          b.model === undefined ? current.model : b.model,
          username,
        ],
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
    const [gateways, poles] = await Promise.all([
      this.db.query<{ id: string; sn: string }>('select id, sn from dev_gateway where project_id = $1', [
        projectId,
      ]),
      this.db.query<{ id: string; code: string }>('select id, code from dev_pole where project_id = $1', [
        projectId,
      ]),
    ]);
    return {
      gatewayBySn: new Map(gateways.map((g) => [g.sn, { id: g.id, sn: g.sn, projectId }])),
      poleByCode: new Map(poles.map((p) => [p.code, p.id])),
    };
  }

  /**
   * Adds one imported device (gateway and pole already resolved within the project by
   * {@link importTargets}); answers false when its address is already taken on its gateway.
   */
  async addImportedDevice(username: string, d: ImportedDevice): Promise<boolean> {
    const [id] = await registerDevices(
      this.db,
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
    await this.db.query('delete from dev_device where id = $1', [id]);
    this.runtime.directory.invalidate(current.gatewaySn);
  }

  async search(userId: string, keyword: string, limit: number): Promise<DeviceSearchHit[]> {
    const scope = await this.scope(userId);
    const w = new Where().scope(scope, 'g.project_id');
    if (keyword) w.add('(g.sn ilike ? or g.name ilike ?)', like(keyword), like(keyword));
    const gws = await this.db.query<{
      id: string;
      sn: string;
      name: string;
      project_id: string;
      online: boolean;
    }>(
      `select g.id, g.sn, g.name, g.project_id, g.online from dev_gateway g ${w.sql} order by g.sn limit ${limit}`,
      w.params,
    );
    const dw = new Where().scope(scope, 'd.project_id');
    if (keyword)
      dw.add('(d.address ilike ? or d.name ilike ? or g.sn ilike ?)', ...Array(3).fill(like(keyword)));
    const devs = await this.db.query<DeviceRow>(
      `select ${DEVICE_COLUMNS} ${DEVICE_FROM} ${dw.sql} order by g.sn, d.address limit ${limit}`,
      dw.params,
    );
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
        gatewayId: d.gateway_id,
        sn: d.gateway_sn,
        address: d.address,
        name: d.name,
        projectId: d.project_id,
        online: d.online ?? false,
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
    let rows: Record<string, unknown>[];
    if (q.interval === 'raw') {
      const cols =
        kind === 'lamp'
          ? `light_on as "on", level, target, voltage, current, power, power_factor as "powerFactor", energy, hours,
             switch_ons as "switchOns"`
          : `temperature, humidity, pm25, pm10, noise, illuminance, wind_speed as "windSpeed",
             wind_direction as "windDirection", pressure`;
      rows = await rawReadings(this.db, `dev_${kind}_reading`, cols, q.deviceId, from, to, q.limit);
    } else {
      const cols =
        kind === 'lamp'
          ? `level_avg as "levelAvg", power_avg as "powerAvg", power_max as "powerMax", voltage_avg as "voltageAvg",
             current_avg as "currentAvg", energy_max as "energy", energy_delta as "energyDelta", on_ratio as "onRatio"`
          : `temperature_avg as "temperatureAvg", temperature_min as "temperatureMin", temperature_max as "temperatureMax",
             humidity_avg as "humidityAvg", pm25_avg as "pm25Avg", pm25_max as "pm25Max", pm10_avg as "pm10Avg",
             pm10_max as "pm10Max", noise_avg as "noiseAvg", noise_max as "noiseMax", illuminance_avg as "illuminanceAvg",
             wind_speed_avg as "windSpeedAvg", wind_speed_max as "windSpeedMax", pressure_avg as "pressureAvg"`;
      rows = await this.db.query(
        `select bucket as ts, samples, ${cols} from dev_${kind}_rollup
          where grain = $5 and device_id = $1 and bucket >= $2 and bucket < $3 order by bucket limit $4`,
        [q.deviceId, from.toISOString(), to.toISOString(), q.limit, q.interval === 'hour' ? 'h' : 'd'],
      );
    }
    return rows.map((r) => ({ ...(r as Record<string, number | null>), ts: iso(r.ts)! }));
  }

  // ---- commands --------------------------------------------------------------------------

  async sendCommand(
    caller: { userId: string; username: string },
    area: 'lamp' | 'gateway' | 'screen' | 'speaker' | 'test',
    body: { deviceIds: string[]; gatewayIds: string[]; command: CommandInput },
  ): Promise<SendCommandResult> {
    const { cmd, params } = body.command;
    if (area !== 'test' && commandArea[cmd] !== area) throw badRequest('device.command_not_here', { cmd });
    if (!this.runtime.running) throw new AppError(503, 'device.bus_down');
    const scope = await this.scope(caller.userId);
    const accepts = commandTargets[cmd];
    const rejected: SendCommandResult['rejected'] = [];
    const targets: Parameters<DeviceRuntime['commands']['send']>[0] = [];
    if (body.deviceIds.length) {
      const w = new Where().add('d.id = any(?::text[])', body.deviceIds).scope(scope, 'd.project_id');
      const rows = await this.db.query<{
        id: string;
        kind: ChildKind;
        address: string;
        gateway_id: string;
        sn: string;
        project_id: string;
      }>(
        `select d.id, d.kind, d.address, d.gateway_id, g.sn, d.project_id from dev_device d
           join dev_gateway g on g.id = d.gateway_id ${w.sql}`,
        w.params,
      );
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of new Set(body.deviceIds)) {
        const r = found.get(id);
        if (!r) rejected.push({ id, reason: 'device.not_found' });
        else if (!accepts.includes(r.kind)) rejected.push({ id, reason: 'device.command_not_here' });
        else
          targets.push({
            projectId: r.project_id,
            gatewayId: r.gateway_id,
            gatewaySn: r.sn,
            deviceId: r.id,
            address: r.address,
          });
      }
    }
    if (body.gatewayIds.length) {
      const w = new Where().add('g.id = any(?::text[])', body.gatewayIds).scope(scope, 'g.project_id');
      const rows = await this.db.query<{ id: string; sn: string; project_id: string }>(
        `select g.id, g.sn, g.project_id from dev_gateway g ${w.sql}`,
        w.params,
      );
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of new Set(body.gatewayIds)) {
        const r = found.get(id);
        if (!r) rejected.push({ id, reason: 'device.gateway_not_found' });
        else if (!accepts.includes('gateway')) rejected.push({ id, reason: 'device.command_not_here' });
        else
          targets.push({
            projectId: r.project_id,
            gatewayId: r.id,
            gatewaySn: r.sn,
            deviceId: null,
            address: null,
          });
      }
    }
    if (targets.length === 0) return { batchId: '', commands: [], rejected };
    const { batchId, ids } = await this.runtime.commands.send(targets, cmd, params, caller.username);
    return {
      batchId,
      commands: targets.map((t, i) => ({ id: ids[i]!, deviceId: t.deviceId, gatewayId: t.gatewayId })),
      rejected,
    };
  }

  async listCommands(userId: string, q: Q<typeof commandListQuerySchema>): Promise<Page<CommandDto>> {
    const w = new Where().scope(await this.scope(userId), 'c.project_id');
    if (q.projectId) w.add('c.project_id = ?', q.projectId);
    if (q.gatewayId) w.add('c.gateway_id = ?', q.gatewayId);
    if (q.deviceId) w.add('c.device_id = ?', q.deviceId);
    if (q.batchId) w.add('c.batch_id = ?', q.batchId);
    if (q.cmd) w.add('c.cmd = ?', q.cmd);
    if (q.status) w.add('c.status = ?', q.status);
    if (q.from !== undefined) w.add('c.create_time >= ?', new Date(q.from).toISOString());
    if (q.to !== undefined) w.add('c.create_time < ?', new Date(q.to).toISOString());
    const [rows, [count]] = await Promise.all([
      this.db.query<CommandRow>(
        `select ${COMMAND_COLUMNS} from dev_command c join dev_gateway g on g.id = c.gateway_id ${w.sql}
          order by c.create_time desc, c.id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from dev_command c ${w.sql}`, w.params),
    ]);
    // A list filtered by status answers the rows as stored, so that its rows and its total agree
    // with the filter; unfiltered, an ack heard here shows before its row is written.
    const heard = q.status ? undefined : this.runtime.ingestor.heardAcks;
    return toPage(
      rows.map((r) => toCommandDto(r, heard)),
      count?.n ?? 0,
      q.pageNo,
      q.pageSize,
    );
  }

  async commandStatus(userId: string, ids: string[]): Promise<CommandDto[]> {
    const scope = await this.scope(userId);
    const all = await loadCommands(this.db, ids.slice(0, 1000), this.runtime.ingestor.heardAcks);
    return scope === 'all' ? all : all.filter((c) => scope.includes(c.projectId));
  }
}
