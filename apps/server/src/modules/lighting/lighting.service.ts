import type {
  AreaDto,
  AreaTreeNode,
  areaBodySchema,
  areaEditSchema,
  CabinetDto,
  CircuitDto,
  CommandDto,
  ControlJobDto,
  cabinetBodySchema,
  cabinetEditSchema,
  cabinetListQuerySchema,
  circuitBodySchema,
  circuitEditSchema,
  DeviceDto,
  GroupDto,
  groupBodySchema,
  groupEditSchema,
  groupListQuerySchema,
  LightingOverview,
  Page,
  PoleDetailDto,
  RoadDto,
  roadBodySchema,
  roadEditSchema,
  roadListQuerySchema,
} from '@ics/contract/server';
import { toPage } from '@ics/contract/server';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { CommandService, DeviceService } from '../device';
import type { ProjectScope, ProjectScopeService } from '../project';
import type { ControlService } from './control.service';
import { localParts, zonedInstant } from './plan';
import { PoleMapService } from './pole-map.service';

type Q<S extends z.ZodType> = z.output<S>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const isUnique = (e: unknown) => (e as { code?: string }).code === '23505';

/** Builds `where` clauses with numbered parameters. */
class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
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
const page = (q: { pageNo: number; pageSize: number }) =>
  `limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`;

/**
 * Areas and roads, groups, cabinets and circuits, and the home figures. Device rows (lamps,
 * gateways, poles) belong to the device module: they are read here, lists of lamps with state
 * come from the device service.
 */
export class LightingService {
  constructor(
    private readonly db: Database,
    private readonly scopes: ProjectScopeService,
    private readonly devices: DeviceService,
    private readonly control: ControlService,
    private readonly commands: CommandService,
  ) {
    this.map = new PoleMapService(db, scopes);
  }

  /** The GIS map's poles and their states (`GET /lighting/pole/map`, `…/mapStates`). */
  readonly map: PoleMapService;

  private scope(userId: string) {
    return this.scopes.scopeOf(userId);
  }

  private async assertProject(userId: string, projectId: string) {
    const [p] = await this.db.query('select 1 from sys_project where id = $1 and del_flag = 0', [projectId]);
    if (!p || !(await this.scopes.canSee(userId, projectId))) throw notFound('lighting.project_not_found');
  }

  /** The row of a table in the caller's projects, or 404 with `key`. */
  private async owned<T extends Record<string, unknown>>(
    userId: string,
    table: string,
    id: string,
    key: Parameters<typeof notFound>[0],
    db: Queryable = this.db,
  ): Promise<T> {
    const [row] = await db.query<T & { project_id: string }>(`select * from ${table} where id = $1`, [id]);
    if (!row) throw notFound(key);
    const scope = await this.scope(userId);
    if (scope !== 'all' && !scope.includes(row.project_id)) throw notFound(key);
    return row;
  }

  /** Only lamps of one project (and the caller's), or 404 naming the first that is not. */
  private async assertLamps(projectId: string, lampIds: string[]) {
    const unique = [...new Set(lampIds)];
    if (unique.length === 0) return unique;
    const rows = await this.db.query<{ id: string }>(
      `select id from dev_device where kind = 'lamp' and project_id = $1 and id = any($2::text[])`,
      [projectId, unique],
    );
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.lamp_not_found', { id: missing });
    return unique;
  }

  // ---- areas and roads -----------------------------------------------------------------

  async tree(userId: string, projectId?: string): Promise<AreaTreeNode[]> {
    const w = new Where().add('p.del_flag = 0').scope(await this.scope(userId), 'p.id');
    if (projectId) w.add('p.id = ?', projectId);
    const projects = await this.db.query<{ id: string; name: string }>(
      `select p.id, p.name from sys_project p ${w.sql} order by p.name`,
      w.params,
    );
    const ids = projects.map((p) => p.id);
    const [areas, roads] = await Promise.all([
      this.db.query<{ id: string; project_id: string; name: string }>(
        'select id, project_id, name from lighting_area where project_id = any($1::text[]) order by sort_no, name',
        [ids],
      ),
      this.db.query<{ id: string; area_id: string; name: string }>(
        'select id, area_id, name from lighting_road where project_id = any($1::text[]) order by sort_no, name',
        [ids],
      ),
    ]);
    return projects.map((p) => ({
      key: `project:${p.id}`,
      type: 'project',
      id: p.id,
      title: p.name,
      children: areas
        .filter((a) => a.project_id === p.id)
        .map((a) => ({
          key: `area:${a.id}`,
          type: 'area',
          id: a.id,
          title: a.name,
          children: roads
            .filter((r) => r.area_id === a.id)
            .map((r) => ({ key: `road:${r.id}`, type: 'road', id: r.id, title: r.name })),
        })),
    }));
  }

  private toArea = (r: Record<string, unknown>): AreaDto => ({
    id: r.id as string,
    projectId: r.project_id as string,
    name: r.name as string,
    code: (r.code as string | null) ?? null,
    sortNo: r.sort_no as number,
  });

  async addArea(userId: string, username: string, b: Q<typeof areaBodySchema>): Promise<AreaDto> {
    await this.assertProject(userId, b.projectId);
    try {
      const [row] = await this.db.query(
        `insert into lighting_area (project_id, name, code, sort_no, create_by) values ($1, $2, $3, $4, $5) returning *`,
        [b.projectId, b.name, b.code ?? null, b.sortNo, username],
      );
      return this.toArea(row!);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.area_name_taken', { name: b.name });
      throw e;
    }
  }

  async editArea(userId: string, b: Q<typeof areaEditSchema>): Promise<AreaDto> {
    const cur = await this.owned<Record<string, unknown>>(
      userId,
      'lighting_area',
      b.id,
      'lighting.area_not_found',
    );
    try {
      const [row] = await this.db.query(
        `update lighting_area set name = $2, code = $3, sort_no = $4 where id = $1 returning *`,
        [b.id, b.name ?? cur.name, b.code === undefined ? cur.code : b.code, b.sortNo ?? cur.sort_no],
      );
      return this.toArea(row!);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.area_name_taken', { name: String(b.name) });
      throw e;
    }
  }

  async deleteArea(userId: string, id: string): Promise<void> {
    await this.owned(userId, 'lighting_area', id, 'lighting.area_not_found');
    await this.db.query('delete from lighting_area where id = $1', [id]);
  }

  async listRoads(userId: string, q: Q<typeof roadListQuerySchema>): Promise<Page<RoadDto>> {
    const w = new Where().scope(await this.scope(userId), 'r.project_id');
    if (q.projectId) w.add('r.project_id = ?', q.projectId);
    if (q.areaId) w.add('r.area_id = ?', q.areaId);
    const from = 'from lighting_road r join lighting_area a on a.id = r.area_id';
    const [rows, [count]] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `select r.*, a.name as area_name, (select count(*) from dev_pole p where p.road_id = r.id)::int as pole_count
           ${from} ${w.sql} order by a.sort_no, a.name, r.sort_no, r.name ${page(q)}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n ${from} ${w.sql}`, w.params),
    ]);
    return toPage(rows.map(this.toRoad), count?.n ?? 0, q.pageNo, q.pageSize);
  }

  private toRoad = (r: Record<string, unknown>): RoadDto => ({
    id: r.id as string,
    projectId: r.project_id as string,
    areaId: r.area_id as string,
    areaName: (r.area_name as string) ?? '',
    name: r.name as string,
    sortNo: r.sort_no as number,
    poleCount: (r.pole_count as number) ?? 0,
  });

  private async road(id: string): Promise<RoadDto> {
    const [row] = await this.db.query(
      `select r.*, a.name as area_name, (select count(*) from dev_pole p where p.road_id = r.id)::int as pole_count
         from lighting_road r join lighting_area a on a.id = r.area_id where r.id = $1`,
      [id],
    );
    return this.toRoad(row!);
  }

  async addRoad(userId: string, username: string, b: Q<typeof roadBodySchema>): Promise<RoadDto> {
    const area = await this.owned<{ project_id: string }>(
      userId,
      'lighting_area',
      b.areaId,
      'lighting.area_not_found',
    );
    try {
      const [row] = await this.db.query<{ id: string }>(
        `insert into lighting_road (project_id, area_id, name, sort_no, create_by) values ($1, $2, $3, $4, $5) returning id`,
        [area.project_id, b.areaId, b.name, b.sortNo, username],
      );
      return this.road(row!.id);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.road_name_taken', { name: b.name });
      throw e;
    }
  }

  async editRoad(userId: string, b: Q<typeof roadEditSchema>): Promise<RoadDto> {
    const cur = await this.owned<Record<string, unknown>>(
      userId,
      'lighting_road',
      b.id,
      'lighting.road_not_found',
    );
    if (b.areaId && b.areaId !== cur.area_id) {
      const area = await this.owned<{ project_id: string }>(
        userId,
        'lighting_area',
        b.areaId,
        'lighting.area_not_found',
      );
      if (area.project_id !== cur.project_id) throw notFound('lighting.area_not_found');
    }
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('update lighting_road set area_id = $2, name = $3, sort_no = $4 where id = $1', [
          b.id,
          b.areaId ?? cur.area_id,
          b.name ?? cur.name,
          b.sortNo ?? cur.sort_no,
        ]);
        if (b.name && b.name !== cur.name)
          await tx.query('update dev_pole set road = $2 where road_id = $1', [b.id, b.name]);
      });
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.road_name_taken', { name: String(b.name) });
      throw e;
    }
    return this.road(b.id);
  }

  async deleteRoad(userId: string, id: string): Promise<void> {
    await this.owned(userId, 'lighting_road', id, 'lighting.road_not_found');
    await this.db.query('delete from lighting_road where id = $1', [id]);
  }

  async assignRoad(userId: string, poleIds: string[], roadId: string | null): Promise<{ updated: number }> {
    const scope = await this.scope(userId);
    let road: { name: string; project_id: string } | null = null;
    if (roadId) road = await this.owned(userId, 'lighting_road', roadId, 'lighting.road_not_found');
    const w = new Where().add('id = any(?::text[])', [...new Set(poleIds)]).scope(scope, 'project_id');
    if (road) w.add('project_id = ?', road.project_id);
    const rows = await this.db.query<{ id: string }>(
      `update dev_pole set road_id = $${w.params.length + 1}, road = coalesce($${w.params.length + 2}, road),
         update_time = now() ${w.sql} returning id`,
      [...w.params, roadId, road?.name ?? null],
    );
    if (rows.length < new Set(poleIds).size) {
      const done = new Set(rows.map((r) => r.id));
      const missing = poleIds.find((p) => !done.has(p));
      if (rows.length === 0) throw new AppError(404, 'lighting.pole_not_found', { id: missing ?? '' });
    }
    return { updated: rows.length };
  }

  async poleDetail(userId: string, id: string): Promise<PoleDetailDto> {
    const pole = await this.devices.getPole(userId, id).catch(() => {
      throw notFound('lighting.pole_not_found');
    });
    const [where] = await this.db.query<{
      road_id: string | null;
      road_name: string | null;
      area_id: string | null;
      area_name: string | null;
    }>(
      `select p.road_id, r.name as road_name, a.id as area_id, a.name as area_name from dev_pole p
         left join lighting_road r on r.id = p.road_id left join lighting_area a on a.id = r.area_id where p.id = $1`,
      [id],
    );
    const gateways = await this.db.query<{ id: string; sn: string; name: string; online: boolean }>(
      'select id, sn, name, online from dev_gateway where pole_id = $1 order by sn',
      [id],
    );
    const deviceIds = await this.db.query<{ id: string }>(
      'select id from dev_device where pole_id = $1 order by kind, address limit 200',
      [id],
    );
    const devices = await Promise.all(deviceIds.map((d) => this.devices.getDevice(userId, d.id)));
    return {
      ...pole,
      areaId: where?.area_id ?? null,
      areaName: where?.area_name ?? null,
      roadId: where?.road_id ?? null,
      roadName: where?.road_name ?? null,
      gateways,
      devices,
    };
  }

  // ---- groups --------------------------------------------------------------------------

  private async group(id: string): Promise<GroupDto> {
    const [r] = await this.db.query<Record<string, unknown>>(
      `select g.*, (select count(*) from lighting_group_lamp gl where gl.group_id = g.id)::int as lamp_count
         from lighting_group g where g.id = $1`,
      [id],
    );
    if (!r) throw notFound('lighting.group_not_found');
    return toGroup(r);
  }

  async listGroups(userId: string, q: Q<typeof groupListQuerySchema>): Promise<Page<GroupDto>> {
    const w = new Where().scope(await this.scope(userId), 'g.project_id');
    if (q.projectId) w.add('g.project_id = ?', q.projectId);
    if (q.name) w.add('g.name ilike ?', like(q.name));
    const [rows, [count]] = await Promise.all([
      this.db.query<Record<string, unknown>>(
        `select g.*, (select count(*) from lighting_group_lamp gl where gl.group_id = g.id)::int as lamp_count
           from lighting_group g ${w.sql} order by g.create_time desc, g.id ${page(q)}`,
        w.params,
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_group g ${w.sql}`, w.params),
    ]);
    return toPage(rows.map(toGroup), count?.n ?? 0, q.pageNo, q.pageSize);
  }

  async getGroup(userId: string, id: string): Promise<GroupDto> {
    await this.owned(userId, 'lighting_group', id, 'lighting.group_not_found');
    return this.group(id);
  }

  async addGroup(userId: string, username: string, b: Q<typeof groupBodySchema>): Promise<GroupDto> {
    await this.assertProject(userId, b.projectId);
    const lamps = await this.assertLamps(b.projectId, b.lampIds);
    try {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          'insert into lighting_group (project_id, name, remark, create_by) values ($1, $2, $3, $4) returning id',
          [b.projectId, b.name, b.remark ?? null, username],
        );
        await tx.query(
          'insert into lighting_group_lamp (group_id, device_id) select $1, unnest($2::text[]) on conflict do nothing',
          [row!.id, lamps],
        );
        return row!.id;
      });
      return this.group(id);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.group_name_taken', { name: b.name });
      throw e;
    }
  }

  async editGroup(userId: string, b: Q<typeof groupEditSchema>): Promise<GroupDto> {
    const cur = await this.owned<Record<string, unknown>>(
      userId,
      'lighting_group',
      b.id,
      'lighting.group_not_found',
    );
    try {
      await this.db.query(
        'update lighting_group set name = $2, remark = $3, update_time = now() where id = $1',
        [b.id, b.name ?? cur.name, b.remark === undefined ? cur.remark : b.remark],
      );
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.group_name_taken', { name: String(b.name) });
      throw e;
    }
    return this.group(b.id);
  }

  async deleteGroups(userId: string, ids: string[]): Promise<void> {
    const w = new Where().add('id = any(?::text[])', ids).scope(await this.scope(userId), 'project_id');
    await this.db.query(`delete from lighting_group ${w.sql}`, w.params);
  }

  async groupLamps(
    userId: string,
    groupId: string,
    q: { pageNo: number; pageSize: number },
  ): Promise<Page<DeviceDto>> {
    await this.owned(userId, 'lighting_group', groupId, 'lighting.group_not_found');
    return this.lampPage(userId, 'select device_id from lighting_group_lamp where group_id = $1', groupId, q);
  }

  /** A page of lamps chosen by a subquery of device ids, with their state (device service's shape). */
  private async lampPage(
    userId: string,
    idsSql: string,
    param: string,
    q: { pageNo: number; pageSize: number },
  ): Promise<Page<DeviceDto>> {
    const [rows, [count]] = await Promise.all([
      this.db.query<{ id: string }>(
        `select d.id from dev_device d where d.id in (${idsSql}) order by d.gateway_id, d.address ${page(q)}`,
        [param],
      ),
      this.db.query<{ n: number }>(`select count(*)::int as n from (${idsSql}) x`, [param]),
    ]);
    const records = await Promise.all(rows.map((r) => this.devices.getDevice(userId, r.id)));
    return toPage(records, count?.n ?? 0, q.pageNo, q.pageSize);
  }

  async addGroupLamps(userId: string, groupId: string, lampIds: string[]): Promise<{ added: number }> {
    const g = await this.owned<{ project_id: string }>(
      userId,
      'lighting_group',
      groupId,
      'lighting.group_not_found',
    );
    const lamps = await this.assertLamps(g.project_id, lampIds);
    const rows = await this.db.query(
      `insert into lighting_group_lamp (group_id, device_id) select $1, unnest($2::text[]) on conflict do nothing
       returning device_id`,
      [groupId, lamps],
    );
    return { added: rows.length };
  }

  async removeGroupLamps(userId: string, groupId: string, lampIds: string[]): Promise<{ removed: number }> {
    await this.owned(userId, 'lighting_group', groupId, 'lighting.group_not_found');
    const rows = await this.db.query(
      'delete from lighting_group_lamp where group_id = $1 and device_id = any($2::text[]) returning device_id',
      [groupId, lampIds],
    );
    return { removed: rows.length };
  }

  // ---- cabinets and circuits -----------------------------------------------------------

  private async circuits(cabinetIds: string[]): Promise<Map<string, CircuitDto[]>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select c.*, (select count(*) from lighting_circuit_lamp cl where cl.circuit_id = c.id)::int as lamp_count
         from lighting_circuit c where c.cabinet_id = any($1::text[]) order by c.channel`,
      [cabinetIds],
    );
    // The outcome of each circuit's last command.
    const last = new Map(
      (
        await this.commands.find(
          rows.flatMap((r) => (r.last_command_id ? [r.last_command_id as string] : [])),
        )
      ).map((c) => [c.id, c]),
    );
    const out = new Map<string, CircuitDto[]>();
    for (const r of rows) {
      const list = out.get(r.cabinet_id as string) ?? [];
      list.push(toCircuit(r, last.get(r.last_command_id as string)));
      out.set(r.cabinet_id as string, list);
    }
    return out;
  }

  private async cabinetRows(w: Where, q: { pageNo: number; pageSize: number } | null) {
    return this.db.query<Record<string, unknown>>(
      `select c.*, g.sn as gateway_sn, coalesce(g.online, false) as gateway_online
         from lighting_cabinet c left join dev_gateway g on g.id = c.gateway_id ${w.sql}
        order by c.code, c.id ${q ? page(q) : ''}`,
      w.params,
    );
  }

  private async withCircuits(rows: Record<string, unknown>[]): Promise<CabinetDto[]> {
    const circuits = await this.circuits(rows.map((r) => r.id as string));
    return rows.map((r) => toCabinet(r, circuits.get(r.id as string) ?? []));
  }

  async listCabinets(userId: string, q: Q<typeof cabinetListQuerySchema>): Promise<Page<CabinetDto>> {
    const w = new Where().scope(await this.scope(userId), 'c.project_id');
    if (q.projectId) w.add('c.project_id = ?', q.projectId);
    if (q.gatewayId) w.add('c.gateway_id = ?', q.gatewayId);
    if (q.keyword) w.add('(c.code ilike ? or c.name ilike ?)', like(q.keyword), like(q.keyword));
    const [rows, [count]] = await Promise.all([
      this.cabinetRows(w, q),
      this.db.query<{ n: number }>(`select count(*)::int as n from lighting_cabinet c ${w.sql}`, w.params),
    ]);
    return toPage(await this.withCircuits(rows), count?.n ?? 0, q.pageNo, q.pageSize);
  }

  async getCabinet(userId: string, id: string): Promise<CabinetDto> {
    const w = new Where().add('c.id = ?', id).scope(await this.scope(userId), 'c.project_id');
    const rows = await this.cabinetRows(w, null);
    if (!rows.length) throw notFound('lighting.cabinet_not_found');
    return (await this.withCircuits(rows))[0]!;
  }

  private async assertRefs(projectId: string, gatewayId?: string | null, poleId?: string | null) {
    if (gatewayId) {
      const [g] = await this.db.query('select 1 from dev_gateway where id = $1 and project_id = $2', [
        gatewayId,
        projectId,
      ]);
      if (!g) throw notFound('lighting.gateway_not_found');
    }
    if (poleId) {
      const [p] = await this.db.query('select 1 from dev_pole where id = $1 and project_id = $2', [
        poleId,
        projectId,
      ]);
      if (!p) throw notFound('lighting.pole_not_found');
    }
  }

  async addCabinet(userId: string, username: string, b: Q<typeof cabinetBodySchema>): Promise<CabinetDto> {
    await this.assertProject(userId, b.projectId);
    await this.assertRefs(b.projectId, b.gatewayId, b.poleId);
    try {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `insert into lighting_cabinet (project_id, code, name, gateway_id, pole_id, longitude, latitude, remark, create_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
          [
            b.projectId,
            b.code,
            b.name,
            b.gatewayId ?? null,
            b.poleId ?? null,
            b.longitude ?? null,
            b.latitude ?? null,
            b.remark ?? null,
            username,
          ],
        );
        if (b.circuitCount > 0)
          await tx.query(
            `insert into lighting_circuit (cabinet_id, project_id, channel, name)
             select $1, $2, n, 'Circuit ' || n from generate_series(1, $3::int) n`,
            [row!.id, b.projectId, b.circuitCount],
          );
        return row!.id;
      });
      return this.getCabinet(userId, id);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.cabinet_code_taken', { code: b.code });
      throw e;
    }
  }

  async editCabinet(userId: string, b: Q<typeof cabinetEditSchema>): Promise<CabinetDto> {
    const cur = await this.owned<Record<string, unknown>>(
      userId,
      'lighting_cabinet',
      b.id,
      'lighting.cabinet_not_found',
    );
    await this.assertRefs(cur.project_id as string, b.gatewayId, b.poleId);
    const pick = <K extends keyof typeof b>(k: K, col: string) => (b[k] === undefined ? cur[col] : b[k]);
    try {
      await this.db.query(
        `update lighting_cabinet set code = $2, name = $3, gateway_id = $4, pole_id = $5, longitude = $6, latitude = $7,
           remark = $8, update_time = now() where id = $1`,
        [
          b.id,
          pick('code', 'code'),
          pick('name', 'name'),
          pick('gatewayId', 'gateway_id'),
          pick('poleId', 'pole_id'),
          pick('longitude', 'longitude'),
          pick('latitude', 'latitude'),
          pick('remark', 'remark'),
        ],
      );
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.cabinet_code_taken', { code: String(b.code) });
      throw e;
    }
    return this.getCabinet(userId, b.id);
  }

  async deleteCabinet(userId: string, id: string): Promise<void> {
    await this.owned(userId, 'lighting_cabinet', id, 'lighting.cabinet_not_found');
    await this.db.query('delete from lighting_cabinet where id = $1', [id]);
  }

  private async circuit(id: string): Promise<CircuitDto> {
    const [cabinet] = await this.db.query<{ cabinet_id: string }>(
      'select cabinet_id from lighting_circuit where id = $1',
      [id],
    );
    const list = (await this.circuits([cabinet!.cabinet_id])).get(cabinet!.cabinet_id) ?? [];
    return list.find((c) => c.id === id)!;
  }

  async addCircuit(userId: string, b: Q<typeof circuitBodySchema>): Promise<CircuitDto> {
    const cab = await this.owned<{ project_id: string }>(
      userId,
      'lighting_cabinet',
      b.cabinetId,
      'lighting.cabinet_not_found',
    );
    try {
      const [row] = await this.db.query<{ id: string }>(
        'insert into lighting_circuit (cabinet_id, project_id, channel, name) values ($1, $2, $3, $4) returning id',
        [b.cabinetId, cab.project_id, b.channel, b.name],
      );
      return this.circuit(row!.id);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.circuit_channel_taken', { channel: b.channel });
      throw e;
    }
  }

  async editCircuit(userId: string, b: Q<typeof circuitEditSchema>): Promise<CircuitDto> {
    const cur = await this.owned<Record<string, unknown>>(
      userId,
      'lighting_circuit',
      b.id,
      'lighting.circuit_not_found',
    );
    try {
      await this.db.query('update lighting_circuit set channel = $2, name = $3 where id = $1', [
        b.id,
        b.channel ?? cur.channel,
        b.name ?? cur.name,
      ]);
    } catch (e) {
      if (isUnique(e)) throw conflict('lighting.circuit_channel_taken', { channel: Number(b.channel) });
      throw e;
    }
    return this.circuit(b.id);
  }

  async deleteCircuit(userId: string, id: string): Promise<void> {
    await this.owned(userId, 'lighting_circuit', id, 'lighting.circuit_not_found');
    await this.db.query('delete from lighting_circuit where id = $1', [id]);
  }

  async circuitLamps(
    userId: string,
    circuitId: string,
    q: { pageNo: number; pageSize: number },
  ): Promise<Page<DeviceDto>> {
    await this.owned(userId, 'lighting_circuit', circuitId, 'lighting.circuit_not_found');
    return this.lampPage(
      userId,
      'select device_id from lighting_circuit_lamp where circuit_id = $1',
      circuitId,
      q,
    );
  }

  async addCircuitLamps(userId: string, circuitId: string, lampIds: string[]): Promise<{ added: number }> {
    const c = await this.owned<{ project_id: string }>(
      userId,
      'lighting_circuit',
      circuitId,
      'lighting.circuit_not_found',
    );
    const lamps = await this.assertLamps(c.project_id, lampIds);
    const rows = await this.db.query(
      `insert into lighting_circuit_lamp (device_id, circuit_id) select unnest($2::text[]), $1
       on conflict (device_id) do update set circuit_id = excluded.circuit_id returning device_id`,
      [circuitId, lamps],
    );
    return { added: rows.length };
  }

  async removeCircuitLamps(
    userId: string,
    circuitId: string,
    lampIds: string[],
  ): Promise<{ removed: number }> {
    await this.owned(userId, 'lighting_circuit', circuitId, 'lighting.circuit_not_found');
    const rows = await this.db.query(
      'delete from lighting_circuit_lamp where circuit_id = $1 and device_id = any($2::text[]) returning device_id',
      [circuitId, lampIds],
    );
    return { removed: rows.length };
  }

  /** Switches circuits through their cabinet's gateway (`circuit.switch`), one command per circuit, as one job. */
  async switchCircuits(
    caller: { userId: string; username: string },
    circuitIds: string[],
    on: boolean,
  ): Promise<ControlJobDto> {
    const scope = await this.scope(caller.userId);
    const w = new Where().add('c.id = any(?::text[])', [...new Set(circuitIds)]).scope(scope, 'c.project_id');
    const rows = await this.db.query<{
      id: string;
      channel: number;
      project_id: string;
      gateway_id: string | null;
      sn: string | null;
    }>(
      `select c.id, c.channel, c.project_id, cab.gateway_id, g.sn from lighting_circuit c
         join lighting_cabinet cab on cab.id = c.cabinet_id left join dev_gateway g on g.id = cab.gateway_id ${w.sql}`,
      w.params,
    );
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = circuitIds.find((id) => !found.has(id));
    if (missing) throw new AppError(404, 'lighting.circuit_not_found', { id: missing });
    if (rows.some((r) => !r.gateway_id)) throw badRequest('lighting.circuit_no_gateway');
    // One command per circuit (the channel differs), all in one job.
    const job = await this.control.sendBatch(
      rows.map((r) => ({
        targets: [
          {
            projectId: r.project_id,
            gatewayId: r.gateway_id!,
            gatewaySn: r.sn!,
            deviceId: null,
            address: null,
          },
        ],
        cmd: 'circuit.switch' as const,
        params: { channel: r.channel, on },
      })),
      { action: on ? 'on' : 'off' },
      'circuit',
      { username: caller.username, userId: caller.userId },
    );
    const { commandIds, ...dto } = job;
    await this.db.query(
      `update lighting_circuit c set last_on = $2, last_command_id = v.command_id, last_job_id = $3
         from unnest($1::text[], $4::text[]) as v(id, command_id) where c.id = v.id`,
      [rows.map((r) => r.id), on, job.id, commandIds.map((ids) => ids[0] ?? null)],
    );
    return dto;
  }

  // ---- home ----------------------------------------------------------------------------

  async overview(userId: string, projectId?: string, now = Date.now()): Promise<LightingOverview> {
    const w = new Where().add(`d.kind = 'lamp'`).scope(await this.scope(userId), 'd.project_id');
    if (projectId) w.add('d.project_id = ?', projectId);
    const gw = new Where().scope(await this.scope(userId), 'g.project_id');
    if (projectId) gw.add('g.project_id = ?', projectId);
    const midnight = zonedInstant(localParts(now, 'Asia/Shanghai').date, 0, 'Asia/Shanghai');
    const [[lamps], [gateways], [energy]] = await Promise.all([
      this.db.query<{ total: number; online: number; lit: number; faults: number }>(
        `select count(*)::int as total, count(*) filter (where s.online)::int as online,
            count(*) filter (where s.online and s.vals->>'on' = 'true')::int as lit,
            coalesce(sum(jsonb_array_length(coalesce(s.faults, '[]'::jsonb))), 0)::int as faults
           from dev_device d left join dev_state s on s.device_id = d.id ${w.sql}`,
        w.params,
      ),
      this.db.query<{ total: number; online: number }>(
        `select count(*)::int as total, count(*) filter (where g.online)::int as online from dev_gateway g ${gw.sql}`,
        gw.params,
      ),
      this.db.query<{ kwh: number | null }>(
        `select sum(r.energy_delta)::float8 as kwh from dev_lamp_rollup r join dev_device d on d.id = r.device_id
          ${w.sql} and r.grain = 'h' and r.bucket >= $${w.params.length + 1}`,
        [...w.params, new Date(midnight).toISOString()],
      ),
    ]);
    const total = lamps?.total ?? 0;
    const online = lamps?.online ?? 0;
    const lit = lamps?.lit ?? 0;
    return {
      lampTotal: total,
      online,
      onlineRate: total ? round(online / total) : 0,
      lampsOn: lit,
      lightingRate: online ? round(lit / online) : 0,
      todayEnergyKwh: Math.round((energy?.kwh ?? 0) * 1000) / 1000,
      openFaults: lamps?.faults ?? 0,
      gatewayTotal: gateways?.total ?? 0,
      gatewayOnline: gateways?.online ?? 0,
    };
  }
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

const toGroup = (r: Record<string, unknown>): GroupDto => ({
  id: r.id as string,
  projectId: r.project_id as string,
  name: r.name as string,
  remark: (r.remark as string | null) ?? null,
  lampCount: (r.lamp_count as number) ?? 0,
  createTime: iso(r.create_time)!,
});

const toCircuit = (r: Record<string, unknown>, last: CommandDto | undefined): CircuitDto => ({
  id: r.id as string,
  cabinetId: r.cabinet_id as string,
  projectId: r.project_id as string,
  channel: r.channel as number,
  name: r.name as string,
  lampCount: (r.lamp_count as number) ?? 0,
  on: (r.last_on as boolean | null) ?? null,
  lastStatus: last?.status ?? null,
  lastReason: last?.reason ?? null,
  lastTime: last ? (last.ackTime ?? last.createTime) : null,
  lastJobId: (r.last_job_id as string | null) ?? null,
});

const toCabinet = (r: Record<string, unknown>, circuits: CircuitDto[]): CabinetDto => ({
  id: r.id as string,
  projectId: r.project_id as string,
  code: r.code as string,
  name: r.name as string,
  gatewayId: (r.gateway_id as string | null) ?? null,
  gatewaySn: (r.gateway_sn as string | null) ?? null,
  gatewayOnline: Boolean(r.gateway_online),
  poleId: (r.pole_id as string | null) ?? null,
  longitude: (r.longitude as number | null) ?? null,
  latitude: (r.latitude as number | null) ?? null,
  remark: (r.remark as string | null) ?? null,
  circuits,
  createTime: iso(r.create_time)!,
});
