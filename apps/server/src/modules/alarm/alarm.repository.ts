import type {
  AlarmAction,
  AlarmCounts,
  AlarmDto,
  AlarmEventDto,
  AlarmPoleDto,
  AlarmSeverity,
  AlarmSourceKind,
  AlarmStatus,
  AlarmType,
} from '@ics/contract/server';
import { alarmSeverities } from '@ics/contract/server';
import type { Database, Queryable } from '../../db/database';
import { containing, isoOrNull, pageOf, type ScopeFilter, Where } from '../../http/sql-where';
import { deviceRelation, deviceStateRelation, gatewayRelation, poleRelation } from '../device';
import type { AlarmWorkOrder } from './work-order-links';

/** A condition that raises (or repeats) an alarm. */
export type Raise = {
  projectId: string;
  sourceKind: AlarmSourceKind;
  sourceId: string;
  deviceId: string | null;
  gatewayId: string | null;
  poleId: string | null;
  type: AlarmType;
  code: string;
  severity: AlarmSeverity;
  at: Date;
  detail: Record<string, unknown>;
  escalateAt: Date | null;
  escalateRoleId: string | null;
  escalateUserId: string | null;
};

/** Where a device is: its project, gateway and pole. */
type DeviceAt = { id: string; project_id: string; gateway_id: string; pole_id: string | null };

/** A condition reported gone. */
export type Clear = { sourceKind: AlarmSourceKind; sourceId: string; code: string; at: Date };

/**
 * What a parent alarm folds: the device alarms behind a gateway, or the alarms of the lamps
 * behind a cabinet with the cabinet's own circuit alarms.
 */
export type FoldScope = { gatewayId: string } | { cabinetId: string; deviceIds: readonly string[] };

/** An alarm row as the services handle it (names and child counts are added by the list). */
export type AlarmRow = {
  id: string;
  project_id: string;
  source_kind: AlarmSourceKind;
  source_id: string;
  device_id: string | null;
  gateway_id: string | null;
  pole_id: string | null;
  cabinet_id: string | null;
  type: AlarmType;
  code: string;
  severity: AlarmSeverity;
  status: AlarmStatus;
  cleared: boolean;
  closed: boolean;
  first_at: Date;
  last_at: Date;
  cleared_at: Date | null;
  count: number;
  parent_id: string | null;
  ack_by: string | null;
  ack_at: Date | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  escalated_at: Date | null;
  escalate_role_id: string | null;
  escalate_user_id: string | null;
  detail: Record<string, unknown>;
  source_name?: string | null;
  child_count?: number;
  /** Set by raise: whether the statement created the row (false: a repeat). */
  inserted?: boolean;
};

export type AlarmFilter = {
  projectId?: string | undefined;
  severity?: AlarmSeverity | undefined;
  status: AlarmStatus | 'active' | 'closed' | 'all';
  type?: AlarmType | undefined;
  code?: string | undefined;
  sourceKind?: AlarmSourceKind | undefined;
  sourceId?: string | undefined;
  deviceId?: string | undefined;
  gatewayId?: string | undefined;
  poleId?: string | undefined;
  parentId?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** A pending condition: raised as an alarm once `due` passes unless it goes away first. */
export type Pending = Omit<Raise, 'severity' | 'escalateAt' | 'escalateRoleId' | 'escalateUserId'> & {
  due: Date;
};

const ALARM_COLUMNS = `a.id, a.project_id, a.source_kind, a.source_id, a.device_id, a.gateway_id, a.pole_id,
  a.cabinet_id, a.type, a.code, a.severity, a.status, a.cleared, a.closed, a.first_at, a.last_at, a.cleared_at,
  a.count, a.parent_id, a.ack_by, a.ack_at, a.resolved_by, a.resolved_at, a.escalated_at, a.escalate_role_id,
  a.escalate_user_id, a.detail`;

const SOURCE_JOINS = `
  left join (${deviceRelation}) sd on a.source_kind = 'device' and sd.id = a.source_id
  left join (${gatewayRelation}) sg on a.source_kind = 'gateway' and sg.id = a.source_id
  left join (${poleRelation}) sp on a.source_kind = 'pole' and sp.id = a.source_id`;
// Cabinets and circuits belong to the lighting module: their alarms name themselves in `detail.sourceName`.
const SOURCE_NAME = "coalesce(sd.name, sd.address, sg.sn, sp.code, a.detail->>'sourceName') as source_name";
const CHILD_COUNT = '(select count(*) from alarm_record c where c.parent_id = a.id)::int as child_count';

/**
 * The list counts at most this many alarms: counting a million historical alarms would take
 * longer than the page itself (a caller with more refines the filters or pages on).
 */
export const TOTAL_CAP = 10_000;

/** A severity's rank in SQL over `a`: 1 for critical … 4 for warning (the order of `alarmSeverities`). */
const SEVERITY_RANK = `array_position(array[${alarmSeverities.map((s) => `'${s}'`).join(',')}], a.severity)`;

const STATUS_WHERE: Record<AlarmFilter['status'], string | null> = {
  active: 'not a.closed',
  closed: 'a.closed',
  all: null,
  open: "a.status = 'open'",
  acknowledged: "a.status = 'acknowledged'",
  resolved: "a.status = 'resolved'",
};

/** The alarm module's SQL over alarm_record, alarm_event and alarm_pending. */
export class AlarmRepository {
  constructor(private readonly db: Database) {}

  /**
   * Raises alarms, or repeats the active alarm of the same source and code (count and last
   * time): one statement over the unique index of active alarms, so concurrent raises on any
   * number of API nodes end in one row. Rows of one source and code must be merged before (a
   * statement may not update one row twice): `times` says how many occurrences each stands for.
   * A device alarm raised while its gateway is offline is folded under the gateway's alarm.
   */
  async raise(rows: Array<Raise & { times: number }>, q: Queryable = this.db): Promise<AlarmRow[]> {
    if (rows.length === 0) return [];
    return q.query<AlarmRow>(
      `with v as (
         select * from jsonb_to_recordset($1::jsonb) as v(p text, sk text, si text, d text, g text, pl text, t text,
           c text, sv text, at timestamptz, dt jsonb, ea timestamptz, er text, eu text, n int)
       )
       insert into alarm_record as a (project_id, source_kind, source_id, device_id, gateway_id, pole_id, type, code, severity,
         first_at, last_at, count, detail, escalate_at, escalate_role_id, escalate_user_id, parent_id, cabinet_id)
       select v.p, v.sk, v.si, v.d, v.g, coalesce(v.pl, dd.pole_id, gg.pole_id), v.t, v.c, v.sv, v.at, v.at, v.n, v.dt,
              v.ea, v.er, v.eu,
              case when v.sk = 'device' then
                (select pa.id from alarm_record pa where pa.source_kind = 'gateway' and pa.source_id = v.g
                   and pa.code = 'gateway_offline' and not pa.closed and not pa.cleared limit 1)
              end,
              case when v.sk = 'cabinet' then v.dt->>'cabinetId' end
         from v
         left join (${deviceRelation}) dd on v.sk = 'device' and dd.id = v.d
         left join (${gatewayRelation}) gg on v.sk = 'gateway' and gg.id = v.g
       on conflict (source_kind, source_id, code) where not closed do update
          set count = a.count + excluded.count,
              last_at = greatest(a.last_at, excluded.last_at),
              cleared = false,
              cleared_at = null,
              detail = excluded.detail,
              update_time = now()
       returning ${ALARM_COLUMNS}, (xmax = 0) as inserted`,
      [
        JSON.stringify(
          rows.map((r) => ({
            p: r.projectId,
            sk: r.sourceKind,
            si: r.sourceId,
            d: r.deviceId,
            g: r.gatewayId,
            pl: r.poleId,
            t: r.type,
            c: r.code,
            sv: r.severity,
            at: r.at.toISOString(),
            dt: r.detail,
            ea: r.escalateAt?.toISOString() ?? null,
            er: r.escalateRoleId,
            eu: r.escalateUserId,
            n: r.times,
          })),
        ),
      ],
    );
  }

  /** Marks the active alarms of these conditions cleared (closed if already resolved); answers those changed. */
  async clear(rows: Clear[], q: Queryable = this.db): Promise<AlarmRow[]> {
    if (rows.length === 0) return [];
    return q.query<AlarmRow>(
      `update alarm_record a set cleared = true, cleared_at = v.at, closed = (a.status = 'resolved'), update_time = now()
         from jsonb_to_recordset($1::jsonb) as v(sk text, si text, c text, at timestamptz)
        where a.source_kind = v.sk and a.source_id = v.si and a.code = v.c and not a.closed and not a.cleared
          and a.last_at <= v.at
       returning ${ALARM_COLUMNS}`,
      [
        JSON.stringify(
          rows.map((r) => ({ sk: r.sourceKind, si: r.sourceId, c: r.code, at: r.at.toISOString() })),
        ),
      ],
    );
  }

  /** Folds the active top-level alarms of a scope under a parent alarm; answers those folded. */
  async foldUnder(parentId: string, scope: FoldScope, q: Queryable = this.db): Promise<string[]> {
    const [behind, params] =
      'gatewayId' in scope
        ? [`gateway_id = $2 and source_kind = 'device'`, [scope.gatewayId]]
        : [
            `((source_kind = 'device' and device_id = any($2::text[]))
               or (source_kind = 'cabinet' and cabinet_id = $3 and code = 'circuit_loss'))`,
            [scope.deviceIds, scope.cabinetId],
          ];
    const rows = await q.query<{ id: string }>(
      `update alarm_record set parent_id = $1, update_time = now()
        where ${behind} and not closed and parent_id is null and id <> $1
       returning id`,
      [parentId, ...params],
    );
    return rows.map((r) => r.id);
  }

  /** Sets the status of alarms (and of those folded under them) the caller may see; answers those changed. */
  async setStatus(
    ids: readonly string[],
    status: 'acknowledged' | 'resolved',
    by: string,
    scope: ScopeFilter,
    q: Queryable = this.db,
  ): Promise<AlarmRow[]> {
    const w = new Where([ids]);
    w.scope(scope, 'a.project_id');
    const from =
      status === 'resolved'
        ? `(a.id = any($1::text[]) or a.parent_id = any($1::text[])) and a.status <> 'resolved'`
        : `a.id = any($1::text[]) and a.status = 'open'`;
    const set =
      status === 'resolved'
        ? `status = 'resolved', resolved_by = $${w.params.length + 1}, resolved_at = now(), closed = a.cleared`
        : `status = 'acknowledged', ack_by = $${w.params.length + 1}, ack_at = now()`;
    return q.query<AlarmRow>(
      `update alarm_record a set ${set}, update_time = now()
        where ${from} and not a.closed ${w.parts.length ? `and ${w.parts.join(' and ')}` : ''}
       returning ${ALARM_COLUMNS}`,
      [...w.params, by],
    );
  }

  /** Appends timeline lines. */
  async addEvents(
    events: Array<{
      alarmId: string;
      action: AlarmAction;
      actor: string | null;
      comment?: string | null;
      detail?: Record<string, unknown>;
    }>,
    q: Queryable = this.db,
  ): Promise<AlarmEventDto[]> {
    if (events.length === 0) return [];
    const rows = await q.query<EventRow>(
      `insert into alarm_event (alarm_id, action, actor, comment, detail)
       select v.a, v.ac, v.u, v.c, coalesce(v.d, '{}'::jsonb)
         from jsonb_to_recordset($1::jsonb) as v(a text, ac text, u text, c text, d jsonb)
       returning id, alarm_id, at, action, actor, comment, detail`,
      [
        JSON.stringify(
          events.map((e) => ({
            a: e.alarmId,
            ac: e.action,
            u: e.actor,
            c: e.comment ?? null,
            d: e.detail ?? {},
          })),
        ),
      ],
    );
    return rows.map(toEventDto);
  }

  async events(alarmId: string): Promise<AlarmEventDto[]> {
    const rows = await this.db.query<EventRow>(
      'select id, alarm_id, at, action, actor, comment, detail from alarm_event where alarm_id = $1 order by at, id',
      [alarmId],
    );
    return rows.map(toEventDto);
  }

  private where(scope: ScopeFilter, f: AlarmFilter): Where {
    const w = new Where();
    w.scope(scope, 'a.project_id');
    const status = STATUS_WHERE[f.status];
    if (status) w.add(status);
    w.equal('a', f, [
      'projectId',
      'severity',
      'type',
      'code',
      'sourceKind',
      'sourceId',
      'deviceId',
      'gatewayId',
      'poleId',
    ]);
    if (f.parentId) w.add('a.parent_id = ?', f.parentId);
    else if (!f.sourceId && !f.deviceId && !f.poleId) w.add('a.parent_id is null');
    if (f.from) w.add('a.last_at >= ?', f.from);
    if (f.to) w.add('a.last_at < ?', f.to);
    if (f.keyword) {
      const k = containing(f.keyword);
      w.add(
        `(a.code ilike ? or exists (select 1 from (${deviceRelation}) kd where a.source_kind = 'device' and kd.id = a.source_id and kd.name ilike ?)
          or exists (select 1 from (${gatewayRelation}) kg where a.source_kind = 'gateway' and kg.id = a.source_id and (kg.sn ilike ? or kg.name ilike ?))
          or exists (select 1 from (${poleRelation}) kp where a.source_kind = 'pole' and kp.id = a.source_id and kp.code ilike ?)
          or (a.source_kind = 'cabinet' and a.detail->>'sourceName' ilike ?))`,
        k,
        k,
        k,
        k,
        k,
        k,
      );
    }
    return w;
  }

  /** One page of alarms, most recent first, with their sources' names and folded counts. */
  async page(
    scope: ScopeFilter,
    f: AlarmFilter,
    page: { pageNo: number; pageSize: number },
    order: string,
  ): Promise<{ rows: AlarmRow[]; total: number }> {
    const w = this.where(scope, f);
    const [rows, [count]] = await Promise.all([
      this.db.query<AlarmRow>(
        `select ${ALARM_COLUMNS}, ${SOURCE_NAME}, ${CHILD_COUNT}
           from (select a.* from alarm_record a ${w.sql} order by ${order} ${pageOf(page)}) a
           ${SOURCE_JOINS}
          order by ${order}`,
        w.params,
      ),
      this.db.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from alarm_record a ${w.sql} limit ${TOTAL_CAP}) t`,
        w.params,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Every alarm of a filter (the export), at most `limit`. */
  async all(scope: ScopeFilter, f: AlarmFilter, order: string, limit: number): Promise<AlarmRow[]> {
    const w = this.where(scope, f);
    return this.db.query<AlarmRow>(
      `select ${ALARM_COLUMNS}, ${SOURCE_NAME}, ${CHILD_COUNT}
         from (select a.* from alarm_record a ${w.sql} order by ${order} limit ${limit}) a ${SOURCE_JOINS}
        order by ${order}`,
      w.params,
    );
  }

  async byId(id: string): Promise<AlarmRow | undefined> {
    const [row] = await this.db.query<AlarmRow>(
      `select ${ALARM_COLUMNS}, ${SOURCE_NAME}, ${CHILD_COUNT} from alarm_record a ${SOURCE_JOINS} where a.id = $1`,
      [id],
    );
    return row;
  }

  async byIds(ids: readonly string[]): Promise<AlarmRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<AlarmRow>(
      `select ${ALARM_COLUMNS}, ${SOURCE_NAME}, ${CHILD_COUNT} from alarm_record a ${SOURCE_JOINS} where a.id = any($1::text[])`,
      [ids],
    );
  }

  /** Active alarms by status and severity. */
  async counts(scope: ScopeFilter, projectId: string | undefined): Promise<AlarmCounts> {
    const w = new Where();
    w.add('not a.closed');
    w.scope(scope, 'a.project_id');
    if (projectId) w.add('a.project_id = ?', projectId);
    const rows = await this.db.query<{ status: AlarmStatus; severity: AlarmSeverity; n: number }>(
      `select a.status, a.severity, count(*)::int as n from alarm_record a ${w.sql} group by a.status, a.severity`,
      w.params,
    );
    const counts: AlarmCounts = {
      open: 0,
      acknowledged: 0,
      resolvedActive: 0,
      bySeverity: { critical: 0, major: 0, minor: 0, warning: 0 },
    };
    for (const r of rows) {
      if (r.status === 'open') counts.open += r.n;
      else if (r.status === 'acknowledged') counts.acknowledged += r.n;
      else counts.resolvedActive += r.n;
      counts.bySeverity[r.severity] += r.n;
    }
    return counts;
  }

  /**
   * Poles with active alarms, each with its most severe and how many (folded alarms count: they
   * are active alarms of the pole's lamps). One aggregate over the active alarms.
   */
  async poleCounts(scope: ScopeFilter, projectId: string | undefined): Promise<AlarmPoleDto[]> {
    const w = new Where();
    w.add('not a.closed');
    w.add('a.pole_id is not null');
    w.scope(scope, 'a.project_id');
    if (projectId) w.add('a.project_id = ?', projectId);
    const rows = await this.db.query<{
      pole_id: string;
      code: string;
      lng: number;
      lat: number;
      rank: number;
      n: number;
    }>(
      `select a.pole_id, p.code, p.longitude as lng, p.latitude as lat, min(${SEVERITY_RANK})::int as rank,
              count(*)::int as n
         from alarm_record a join (${poleRelation}) p on p.id = a.pole_id
         ${w.sql}
        group by a.pole_id, p.code, p.longitude, p.latitude`,
      w.params,
    );
    return rows.map((r) => ({
      poleId: r.pole_id,
      code: r.code,
      lng: Number(r.lng),
      lat: Number(r.lat),
      severity: alarmSeverities[r.rank - 1]!,
      count: r.n,
    }));
  }

  /** Open alarms whose escalation time has come: marked escalated (each by one node only). */
  async takeEscalations(now: Date): Promise<AlarmRow[]> {
    return this.db.query<AlarmRow>(
      `update alarm_record a set escalated_at = $1, update_time = now()
        where a.escalate_at <= $1 and a.escalated_at is null and a.status = 'open' and not a.closed
       returning ${ALARM_COLUMNS}`,
      [now.toISOString()],
    );
  }

  // ---- pending conditions -------------------------------------------------------------------

  /** Records conditions waiting out their grace period (a condition already waiting keeps its start). */
  async addPending(rows: Pending[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.query(
      `insert into alarm_pending (source_kind, source_id, code, project_id, type, device_id, gateway_id, pole_id,
         since, due, detail)
       select v.sk, v.si, v.c, v.p, v.t, v.d, v.g, v.pl, v.at, v.due, v.dt
         from jsonb_to_recordset($1::jsonb) as v(sk text, si text, c text, p text, t text, d text, g text, pl text,
           at timestamptz, due timestamptz, dt jsonb)
       on conflict (source_kind, source_id, code) do update set detail = excluded.detail`,
      [
        JSON.stringify(
          rows.map((r) => ({
            sk: r.sourceKind,
            si: r.sourceId,
            c: r.code,
            p: r.projectId,
            t: r.type,
            d: r.deviceId,
            g: r.gatewayId,
            pl: r.poleId,
            at: r.at.toISOString(),
            due: r.due.toISOString(),
            dt: r.detail,
          })),
        ),
      ],
    );
  }

  /** Forgets pending conditions that went away before their grace period ended. */
  async dropPending(rows: ReadonlyArray<Pick<Clear, 'sourceKind' | 'sourceId' | 'code'>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db.query(
      `delete from alarm_pending p using jsonb_to_recordset($1::jsonb) as v(sk text, si text, c text)
        where p.source_kind = v.sk and p.source_id = v.si and p.code = v.c`,
      [JSON.stringify(rows.map((r) => ({ sk: r.sourceKind, si: r.sourceId, c: r.code })))],
    );
  }

  /** Takes the pending conditions whose grace period is over (each taken by one node only). */
  async takeDuePending(now: Date): Promise<Pending[]> {
    const rows = await this.db.query<{
      source_kind: AlarmSourceKind;
      source_id: string;
      code: string;
      project_id: string;
      type: AlarmType;
      device_id: string | null;
      gateway_id: string | null;
      pole_id: string | null;
      since: Date;
      due: Date;
      detail: Record<string, unknown>;
    }>('delete from alarm_pending where due <= $1 returning *', [now.toISOString()]);
    return rows.map((r) => ({
      sourceKind: r.source_kind,
      sourceId: r.source_id,
      code: r.code,
      projectId: r.project_id,
      type: r.type,
      deviceId: r.device_id,
      gatewayId: r.gateway_id,
      poleId: r.pole_id,
      at: new Date(r.since),
      due: new Date(r.due),
      detail: r.detail,
    }));
  }

  /** Keys (`kind:id:code`) of the conditions of a type that are pending or have an uncleared active alarm. */
  async activeKeys(type: AlarmType): Promise<{ pending: Set<string>; alarmed: Set<string> }> {
    const [pending, alarmed] = await Promise.all([
      this.db.query<{ k: string }>(
        `select source_kind || ':' || source_id || ':' || code as k from alarm_pending where type = $1`,
        [type],
      ),
      this.db.query<{ k: string }>(
        `select source_kind || ':' || source_id || ':' || code as k from alarm_record
          where type = $1 and not closed and not cleared`,
        [type],
      ),
    ]);
    return { pending: new Set(pending.map((r) => r.k)), alarmed: new Set(alarmed.map((r) => r.k)) };
  }

  /** Active (not closed) alarms of each device given, folded ones included; devices without any are absent. */
  async activeCountsOf(deviceIds: readonly string[]): Promise<Map<string, number>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db.query<{ device_id: string; n: number }>(
      `select device_id, count(*)::int as n from alarm_record
        where device_id = any($1::text[]) and not closed group by device_id`,
      [deviceIds],
    );
    return new Map(rows.map((r) => [r.device_id, r.n]));
  }

  /** Gateways and their online state (the offline reconciliation). */
  async gatewaysOnline(): Promise<
    Array<{ id: string; project_id: string; pole_id: string | null; online: boolean }>
  > {
    return this.db.query(`select id, project_id, pole_id, online from (${gatewayRelation}) g`);
  }

  /** Lamps reported lit, with their pole's position (lamp anomaly rules). */
  async litLamps(): Promise<
    Array<
      DeviceAt & { vals: Record<string, unknown> | null; latitude: number | null; longitude: number | null }
    >
  > {
    return this.db.query(
      `select d.id, d.project_id, d.gateway_id, d.pole_id, s.vals, p.latitude, p.longitude
         from (${deviceRelation}) d join (${deviceStateRelation}) s on s.device_id = d.id
         left join (${poleRelation}) p on p.id = d.pole_id
        where d.kind = 'lamp' and s.online and s.vals->>'on' = 'true'`,
    );
  }

  /** Whether lamps are online and lit (schedule anomalies); lamps without a reported state are absent. */
  async lampStates(ids: readonly string[]): Promise<Array<DeviceAt & { online: boolean; lit: boolean }>> {
    if (ids.length === 0) return [];
    return this.db.query(
      `select d.id, d.project_id, d.gateway_id, d.pole_id, s.online, coalesce(s.vals->>'on' = 'true', false) as lit
         from (${deviceRelation}) d join (${deviceStateRelation}) s on s.device_id = d.id
        where d.kind = 'lamp' and d.id = any($1::text[])`,
      [ids],
    );
  }

  /** Whether lamps are online and report a lost supply (circuit supply); lamps without a reported state are absent. */
  async lampSupply(
    ids: readonly string[],
  ): Promise<Array<{ id: string; online: boolean; supply_loss: boolean }>> {
    if (ids.length === 0) return [];
    return this.db.query(
      `select s.device_id as id, s.online, coalesce(s.faults @> '["supplyLoss"]'::jsonb, false) as supply_loss
         from (${deviceStateRelation}) s where s.device_id = any($1::text[])`,
      [ids],
    );
  }

  /** The uncleared active alarms of a code, by source id (parents that fold what is raised after them). */
  async activeIdsOf(code: string): Promise<Map<string, string>> {
    const rows = await this.db.query<{ id: string; source_id: string }>(
      'select id, source_id from alarm_record where code = $1 and not closed and not cleared',
      [code],
    );
    return new Map(rows.map((r) => [r.source_id, r.id]));
  }

  /** Sensors' latest values (threshold rules). */
  async sensorValues(): Promise<Array<DeviceAt & { vals: Record<string, unknown> | null }>> {
    return this.db.query(
      `select d.id, d.project_id, d.gateway_id, d.pole_id, s.vals
         from (${deviceRelation}) d join (${deviceStateRelation}) s on s.device_id = d.id
        where d.kind = 'sensor'`,
    );
  }
}

type EventRow = {
  id: string;
  alarm_id: string;
  at: Date;
  action: AlarmAction;
  actor: string | null;
  comment: string | null;
  detail: Record<string, unknown>;
};

function toEventDto(r: EventRow): AlarmEventDto {
  return {
    id: r.id,
    alarmId: r.alarm_id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    actor: r.actor,
    comment: r.comment,
    detail: r.detail ?? {},
  };
}

/** An alarm row as the API answers it. */
export function toAlarmDto(
  r: AlarmRow,
  projectName: string | null,
  workOrder: AlarmWorkOrder | null = null,
): AlarmDto {
  return {
    id: r.id,
    projectId: r.project_id,
    projectName,
    sourceKind: r.source_kind,
    sourceId: r.source_id,
    sourceName: r.source_name ?? null,
    deviceId: r.device_id,
    gatewayId: r.gateway_id,
    poleId: r.pole_id,
    cabinetId: r.cabinet_id,
    type: r.type,
    code: r.code,
    severity: r.severity,
    status: r.status,
    cleared: r.cleared,
    closed: r.closed,
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
    clearedAt: isoOrNull(r.cleared_at),
    count: r.count,
    parentId: r.parent_id,
    childCount: r.child_count ?? 0,
    ackBy: r.ack_by,
    ackAt: isoOrNull(r.ack_at),
    resolvedBy: r.resolved_by,
    resolvedAt: isoOrNull(r.resolved_at),
    escalatedAt: isoOrNull(r.escalated_at),
    detail: r.detail ?? {},
    workOrderId: workOrder?.id ?? null,
    workOrderCode: workOrder?.code ?? null,
  };
}
