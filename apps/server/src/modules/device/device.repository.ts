import type { ChildKind, DeviceDto, deviceListQuerySchema } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { containing, isoOrNull, type Paged, type ScopeFilter, sortedPage, Where } from '../../http/sql-where';
import type { CommandTarget } from './commands/command-tracker';
import { addWithin, type Within } from './within';

type Q<S extends z.ZodType> = z.output<S>;

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

/**
 * Read relation: the devices behind gateways. Columns: id, project_id, gateway_id, pole_id (null
 * when on no pole), kind (a `ChildKind`), address (on its gateway), name.
 */
export const deviceRelation =
  'select id, project_id, gateway_id, pole_id, kind, address, name from dev_device';

/**
 * Read relation: the latest state of each device (a device never heard from may have none).
 * Columns: device_id, online, last_seen, vals (jsonb: the last value of each field reported,
 * `on` and `level` for a lamp), faults (jsonb array of the open faults).
 */
export const deviceStateRelation = 'select device_id, online, last_seen, vals, faults from dev_state';

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
    lastSeen: isoOrNull(r.last_seen),
    values: r.vals ?? {},
    faults: r.faults ?? [],
  },
  createTime: isoOrNull(r.create_time)!,
});

/** A device to create behind its gateway (`dev`: its address). */
export type NewDevice = {
  dev: string;
  kind: ChildKind;
  model?: string | undefined;
  name?: string;
  poleId?: string | null;
};

/** A device as commands address it. */
export type DeviceTargetRow = {
  id: string;
  kind: ChildKind;
  address: string;
  gateway_id: string;
  sn: string;
  project_id: string;
};

/** A device as a command target. */
export const toCommandTarget = (
  r: DeviceTargetRow,
): CommandTarget & { deviceId: string; address: string } => ({
  projectId: r.project_id,
  gatewayId: r.gateway_id,
  gatewaySn: r.sn,
  deviceId: r.id,
  address: r.address,
});

/** Which devices: of a kind, among ids, behind gateways, in projects (each given list narrows the choice). */
export type DeviceChoice = {
  kind?: ChildKind | undefined;
  ids?: readonly string[] | undefined;
  gatewayIds?: readonly string[] | undefined;
  projectIds?: readonly string[] | undefined;
};

/** The SQL of the devices behind gateways (`dev_device`) and their latest-state rows (`dev_state`). */
export class DeviceRepository {
  constructor(private readonly db: Database) {}

  /** A page of devices of a kind; `areaRoads`: the roads of the area filter (`q.areaId`). */
  async list(
    scope: ScopeFilter,
    kind: ChildKind,
    q: Q<typeof deviceListQuerySchema>,
    areaRoads: readonly string[] = [],
  ): Promise<Paged<DeviceDto>> {
    const w = new Where().add('d.kind = ?', kind).scope(scope, 'd.project_id');
    w.equal('d', q, ['projectId', 'gatewayId', 'poleId']);
    if (q.keyword)
      w.add('(d.name ilike ? or d.address ilike ? or g.sn ilike ?)', ...Array(3).fill(containing(q.keyword)));
    if (q.online) w.add('coalesce(s.online, false) = ?', q.online === '1');
    if (q.faulty) w.add(`(jsonb_array_length(coalesce(s.faults, '[]'::jsonb)) > 0) = ?`, q.faulty === '1');
    // Road / area (the lighting module's hierarchy: an area is the roads in it) and live state.
    if (q.roadId) w.add('d.pole_id in (select id from dev_pole where road_id = ?)', q.roadId);
    if (q.areaId) w.add('d.pole_id in (select id from dev_pole where road_id = any(?::text[]))', areaRoads);
    if (q.road) w.add('d.pole_id in (select id from dev_pole where road = ?)', q.road);
    if (q.state === 'on') w.add(`s.online and s.vals->>'on' = 'true'`);
    if (q.state === 'off') w.add(`s.online and coalesce(s.vals->>'on', 'false') <> 'true'`);
    if (q.state === 'offline') w.add('not coalesce(s.online, false)');
    // The form of dev_state_faulty_idx's predicate (a device without a state row has no fault).
    if (q.state === 'fault') w.add('jsonb_array_length(s.faults) > 0');
    return sortedPage(this.db, w, q, toDevice, {
      rows: `select ${DEVICE_COLUMNS} ${DEVICE_FROM}`,
      countFrom: deviceCountFrom(w.sql),
      sortable: {
        name: 'd.name',
        address: 'd.address',
        lastSeen: 's.last_seen',
        createTime: 'd.create_time',
      },
      fallback: 'g.sn asc, d.address asc',
      tiebreak: 'd.id',
    });
  }

  /** Devices with their state: those `w` chooses, then `tail` (order, limit). */
  private async select(w: Where, tail = ''): Promise<DeviceDto[]> {
    const rows = await this.db.query<DeviceRow>(
      `select ${DEVICE_COLUMNS} ${DEVICE_FROM} ${w.sql} ${tail}`,
      w.params,
    );
    return rows.map(toDevice);
  }

  async get(scope: ScopeFilter, id: string): Promise<DeviceDto | undefined> {
    const [device] = await this.select(new Where().add('d.id = ?', id).scope(scope, 'd.project_id'));
    return device;
  }

  /** The devices on a pole, by kind and address. */
  onPole(scope: ScopeFilter, poleId: string, limit: number): Promise<DeviceDto[]> {
    const w = new Where().add('d.pole_id = ?', poleId).scope(scope, 'd.project_id');
    return this.select(w, `order by d.kind, d.address limit ${limit}`);
  }

  async exists(gatewayId: string, address: string): Promise<boolean> {
    const [row] = await this.db.query('select 1 from dev_device where gateway_id = $1 and address = $2', [
      gatewayId,
      address,
    ]);
    return row !== undefined;
  }

  /** Creates devices (and their state rows) behind a gateway; existing addresses are left alone. */
  register(
    gw: { id: string; projectId: string },
    devices: NewDevice[],
    createBy = 'gateway',
  ): Promise<string[]> {
    return registerDevices(this.db, gw, devices, createBy);
  }

  async update(
    id: string,
    f: Pick<DeviceDto, 'address' | 'name' | 'poleId' | 'model'>,
    username: string,
  ): Promise<void> {
    await this.db.query(
      `update dev_device set address = $2, name = $3, pole_id = $4, model = $5, update_by = $6, update_time = now()
       where id = $1`,
      [id, f.address, f.name, f.poleId, f.model, username],
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from dev_device where id = $1', [id]);
  }

  /** Devices whose address, name or gateway contains `keyword` (all when empty), by gateway and address. */
  search(scope: ScopeFilter, keyword: string, limit: number): Promise<DeviceDto[]> {
    const w = new Where().scope(scope, 'd.project_id');
    if (keyword)
      w.add('(d.address ilike ? or d.name ilike ? or g.sn ilike ?)', ...Array(3).fill(containing(keyword)));
    return this.select(w, `order by g.sn, d.address limit ${limit}`);
  }

  /** The devices chosen within some projects, as commands address them, by gateway and address. */
  targets(choice: DeviceChoice, within: Within): Promise<DeviceTargetRow[]> {
    const w = new Where();
    if (choice.kind) w.add('d.kind = ?', choice.kind);
    if (choice.ids) w.add('d.id = any(?::text[])', choice.ids);
    if (choice.gatewayIds) w.add('d.gateway_id = any(?::text[])', choice.gatewayIds);
    if (choice.projectIds) w.add('d.project_id = any(?::text[])', choice.projectIds);
    addWithin(w, within, 'd.project_id');
    return this.db.query<DeviceTargetRow>(
      `select d.id, d.kind, d.address, d.gateway_id, g.sn, d.project_id from dev_device d
         join dev_gateway g on g.id = d.gateway_id ${w.sql} order by d.gateway_id, d.address`,
      w.params,
    );
  }

  /** The devices of a kind among `ids` within some projects, with their project and name. */
  named(
    kind: ChildKind,
    ids: readonly string[],
    within: Within,
  ): Promise<Array<{ id: string; project_id: string; name: string }>> {
    const w = new Where().add('d.kind = ?', kind).add('d.id = any(?::text[])', ids);
    addWithin(w, within, 'd.project_id');
    return this.db.query(`select d.id, d.project_id, d.name from dev_device d ${w.sql}`, w.params);
  }
}

/** Creates devices (and their state rows) behind a gateway; existing addresses are left alone. */
export async function registerDevices(
  db: Database,
  gw: { id: string; projectId: string },
  devices: NewDevice[],
  createBy = 'gateway',
): Promise<string[]> {
  if (devices.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `insert into dev_device (project_id, gateway_id, kind, address, name, model, pole_id, create_by)
       select $1, $2, v.kind, v.address, v.name, v.model, v.pole_id, $3
         from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) as v(kind, address, name, model, pole_id)
       on conflict (gateway_id, address) do nothing
       returning id`,
      [
        gw.projectId,
        gw.id,
        createBy,
        devices.map((d) => d.kind),
        devices.map((d) => d.dev),
        devices.map((d) => d.name ?? d.dev),
        devices.map((d) => d.model ?? null),
        devices.map((d) => d.poleId ?? null),
      ],
    );
    const ids = rows.map((r) => r.id);
    await tx.query(
      `insert into dev_state (device_id, online)
       select d.id, g.online from dev_device d join dev_gateway g on g.id = d.gateway_id where d.id = any($1::text[])
       on conflict do nothing`,
      [ids],
    );
    return ids;
  });
}
