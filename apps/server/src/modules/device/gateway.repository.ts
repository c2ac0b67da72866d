import type {
  GatewayDto,
  gatewayBodySchema,
  gatewayListQuerySchema,
  helloSchema,
} from '@ics/contract/server';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { containing, isoOrNull, type Paged, type ScopeFilter, sortedPage, Where } from '../../http/sql-where';
import { addWithin, type Within } from './within';

type Q<S extends z.ZodType> = z.output<S>;

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

/**
 * Read relation: the gateways. Columns: id, project_id, pole_id (null when on no pole), sn, name,
 * online, schedule_version (of the `lamp.schedule` it last acknowledged; null before any).
 */
export const gatewayRelation =
  'select id, project_id, pole_id, sn, name, online, schedule_version from dev_gateway';

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
  lastSeen: isoOrNull(r.last_seen),
  scheduleVersion: r.schedule_version,
  heartbeatSeconds: r.heartbeat_seconds,
  deviceCount: r.device_count,
  credentialIssuedAt: isoOrNull(r.credential_issued_at),
  createTime: isoOrNull(r.create_time)!,
});

/** A gateway as commands address it, with its name. */
export type GatewayRef = { id: string; sn: string; name: string; projectId: string };

/** The SQL of the gateway registry (`dev_gateway`; ingestion writes what gateways report). */
export class GatewayRepository {
  constructor(private readonly db: Database) {}

  list(scope: ScopeFilter, q: Q<typeof gatewayListQuerySchema>): Promise<Paged<GatewayDto>> {
    const w = new Where().scope(scope, 'g.project_id').equal('g', q, ['projectId']);
    w.contains('g', q, ['sn', 'name']);
    if (q.online) w.add('g.online = ?', q.online === '1');
    return sortedPage(this.db, w, q, toGateway, {
      rows: `select ${GATEWAY_COLUMNS} from dev_gateway g`,
      countFrom: 'from dev_gateway g',
      sortable: { sn: 'g.sn', name: 'g.name', lastSeen: 'g.last_seen', createTime: 'g.create_time' },
      fallback: 'g.sn asc',
      tiebreak: 'g.id',
    });
  }

  async get(scope: ScopeFilter, id: string): Promise<GatewayDto | undefined> {
    const w = new Where().add('g.id = ?', id).scope(scope, 'g.project_id');
    const [row] = await this.db.query<GatewayRow>(
      `select ${GATEWAY_COLUMNS} from dev_gateway g ${w.sql}`,
      w.params,
    );
    return row && toGateway(row);
  }

  /** Adds a gateway with the hash of its first credentials; answers its id. */
  async insert(b: Q<typeof gatewayBodySchema>, credentialHash: string, username: string): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `insert into dev_gateway (project_id, pole_id, sn, name, model, credential_hash, credential_issued_at, create_by)
       values ($1, $2, $3, $4, $5, $6, now(), $7) returning id`,
      [b.projectId, b.poleId ?? null, b.sn, b.name, b.model ?? null, credentialHash, username],
    );
    return row!.id;
  }

  async setCredentials(id: string, credentialHash: string): Promise<void> {
    await this.db.query(
      'update dev_gateway set credential_hash = $2, credential_issued_at = now(), update_time = now() where id = $1',
      [id, credentialHash],
    );
  }

  /** Rewrites a gateway's fields; moved to another project, its devices move with it. */
  async update(
    current: Pick<GatewayDto, 'id' | 'projectId'>,
    f: Pick<GatewayDto, 'projectId' | 'poleId' | 'name' | 'model'>,
    username: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update dev_gateway set project_id = $2, pole_id = $3, name = $4, model = $5, update_by = $6, update_time = now()
         where id = $1`,
        [current.id, f.projectId, f.poleId, f.name, f.model, username],
      );
      if (f.projectId !== current.projectId)
        await tx.query('update dev_device set project_id = $2 where gateway_id = $1', [
          current.id,
          f.projectId,
        ]);
    });
  }

  /** What a gateway says of itself in its hello (its features replace those it announced before). */
  async recordHello(
    id: string,
    hello: Pick<
      z.output<typeof helloSchema>,
      'model' | 'firmware' | 'heartbeat' | 'scheduleVersion' | 'features'
    >,
  ): Promise<void> {
    await this.db.query(
      `update dev_gateway set model = coalesce($2, model), firmware = coalesce($3, firmware),
         heartbeat_seconds = coalesce($4, heartbeat_seconds), schedule_version = coalesce($5, schedule_version),
         features = coalesce($6::text[], '{}')
       where id = $1`,
      [
        id,
        hello.model ?? null,
        hello.firmware ?? null,
        hello.heartbeat ?? null,
        hello.scheduleVersion ?? null,
        hello.features ?? [],
      ],
    );
  }

  /** The schedule version the gateway holds (it acknowledged that schedule). */
  async setScheduleVersion(id: string, version: string): Promise<void> {
    await this.db.query('update dev_gateway set schedule_version = $2 where id = $1', [id, version]);
  }

  /** Deletes the gateways (their devices go with them); answers the serial numbers deleted. */
  /** The serial numbers of those of `ids` within `scope`. */
  async snsOf(scope: ScopeFilter, ids: string[]): Promise<string[]> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    const rows = await this.db.query<{ sn: string }>(`select sn from dev_gateway ${w.sql}`, w.params);
    return rows.map((r) => r.sn);
  }

  async delete(scope: ScopeFilter, ids: string[]): Promise<string[]> {
    const w = new Where().add('id = any(?::text[])', ids).scope(scope, 'project_id');
    const rows = await this.db.query<{ sn: string }>(
      `delete from dev_gateway ${w.sql} returning sn`,
      w.params,
    );
    return rows.map((r) => r.sn);
  }

  /** A project's gateways by serial number (imports name them so). */
  async bySn(projectId: string): Promise<Map<string, GatewayRef>> {
    const rows = await this.db.query<{ id: string; sn: string; name: string }>(
      'select id, sn, name from dev_gateway where project_id = $1',
      [projectId],
    );
    return new Map(rows.map((g) => [g.sn, { id: g.id, sn: g.sn, name: g.name, projectId }]));
  }

  /** The gateways within some projects, those among `ids` unless null, by serial number. */
  async refs(within: Within, ids: readonly string[] | null): Promise<GatewayRef[]> {
    const w = addWithin(new Where(), within, 'g.project_id');
    if (ids) w.add('g.id = any(?::text[])', ids);
    const rows = await this.db.query<{ id: string; sn: string; name: string; project_id: string }>(
      `select g.id, g.sn, g.name, g.project_id from dev_gateway g ${w.sql} order by g.sn`,
      w.params,
    );
    return rows.map((r) => ({ id: r.id, sn: r.sn, name: r.name, projectId: r.project_id }));
  }

  /** The gateways on a pole, by serial number. */
  onPole(poleId: string): Promise<Array<{ id: string; sn: string; name: string; online: boolean }>> {
    return this.db.query('select id, sn, name, online from dev_gateway where pole_id = $1 order by sn', [
      poleId,
    ]);
  }

  /** Gateways whose serial number or name contains `keyword` (all when empty), by serial number. */
  async search(
    scope: ScopeFilter,
    keyword: string,
    limit: number,
  ): Promise<Array<{ id: string; sn: string; name: string; project_id: string; online: boolean }>> {
    const w = new Where().scope(scope, 'g.project_id');
    if (keyword) w.add('(g.sn ilike ? or g.name ilike ?)', containing(keyword), containing(keyword));
    return this.db.query(
      `select g.id, g.sn, g.name, g.project_id, g.online from dev_gateway g ${w.sql} order by g.sn limit ${limit}`,
      w.params,
    );
  }
}
