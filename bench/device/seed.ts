// The server's own hash, so the gateways authenticate exactly as provisioned ones do.
import { type Database, hashDeviceSecret, newDeviceSecret, openDatabase } from '@ics/server/tools';

export type Fleet = {
  projectId: string;
  /** Every gateway shares this password (one scrypt hash for all: provisioning stays fast). */
  password: string;
  gateways: Array<{ id: string; sn: string }>;
  /** Lamp ids, gateway by gateway, in address order (L001, L002, …). */
  lampIds: string[];
};

export const GATEWAY_PREFIX = 'BENCH-GW-';

/** The run's database: a PostgreSQL URL, else the PGlite data directory. */
type Target = { databaseUrl?: string | undefined; dataDir: string };

/**
 * Creates a project with `gateways` gateways of `lampsPerGateway` lamps each (addresses L001…,
 * as the simulator names them) straight in the database the server has migrated, with their
 * latest-state rows, as the registration of a hello would. The server must be stopped when
 * this is PGlite (one process owns its files).
 */
export async function seedFleet(target: Target, gateways: number, lampsPerGateway: number): Promise<Fleet> {
  const password = newDeviceSecret();
  const hash = await hashDeviceSecret(password);
  return withDatabase(target, (db) =>
    db.transaction(async (tx) => {
      const [project] = await tx.query<{ id: string }>(
        `insert into sys_project (name, code, create_by) values ('Bench fleet', 'BENCH', 'bench') returning id`,
      );
      const projectId = project!.id;
      await tx.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-root')`, [
        projectId,
      ]);
      const gws = await tx.query<{ id: string; sn: string }>(
        `insert into dev_gateway (project_id, sn, name, model, credential_hash, credential_issued_at, create_by)
         select $1, $2 || lpad(g::text, 4, '0'), 'Bench gateway ' || g, 'ICS-SIM-GW', $3, now(), 'bench'
           from generate_series(1, $4::int) g
         returning id, sn`,
        [projectId, GATEWAY_PREFIX, hash, gateways],
      );
      await tx.query(
        `insert into dev_device (project_id, gateway_id, kind, address, name, model, create_by)
         select $1, g.id, 'lamp', 'L' || lpad(l::text, 3, '0'), g.sn || '/L' || lpad(l::text, 3, '0'), 'SIM-lamp', 'bench'
           from dev_gateway g, generate_series(1, $2::int) l where g.project_id = $1`,
        [projectId, lampsPerGateway],
      );
      await tx.query(
        `insert into dev_state (device_id, online) select id, false from dev_device where project_id = $1`,
        [projectId],
      );
      const lamps = await tx.query<{ id: string }>(
        `select d.id from dev_device d join dev_gateway g on g.id = d.gateway_id
          where d.project_id = $1 order by g.sn, d.address`,
        [projectId],
      );
      gws.sort((a, b) => a.sn.localeCompare(b.sn));
      return { projectId, password, gateways: gws, lampIds: lamps.map((r) => r.id) };
    }),
  );
}

/** Runs `work` on the bench's own connection to the run's database, closed afterwards. */
export async function withDatabase<T>(target: Target, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Where readings are stored: the lamps', and the sensors' when the fleet has sensors. */
export type ReadingTables = ReadonlyArray<'dev_lamp_reading' | 'dev_sensor_reading'>;
const LAMPS_ONLY: ReadingTables = ['dev_lamp_reading'];
/** The row versions of every reading table, as one relation with the rows' `xmin`. */
const readingRows = (tables: ReadingTables) =>
  tables.map((t) => `select xmin as x from ${t}`).join(' union all ');

/** Readings stored (lamps by default), read with the server stopped for PGlite. */
export function countReadings(target: Target, tables: ReadingTables = LAMPS_ONLY): Promise<number> {
  return withDatabase(target, async (db) => {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::bigint as n from (${tables.map((t) => `select 1 from ${t}`).join(' union all ')}) r`,
    );
    return Number(row?.n ?? 0);
  });
}

/**
 * PostgreSQL's snapshot now (which transactions have committed): cheap, unlike a count, which
 * over half an hour's readings keeps both cores busy for tens of seconds and, at the window's
 * end, would hold the server's writes back while the bench measures it. The rows a snapshot saw
 * are counted after the load ({@link countReadingsAt}).
 */
export function snapshotNow(databaseUrl: string): Promise<string> {
  return withDatabase({ databaseUrl, dataDir: '' }, async (db) => {
    const [row] = await db.query<{ s: string }>('select pg_current_snapshot()::text as s');
    return row!.s;
  });
}

/**
 * Readings in the tables now (lamps by default), and of them those whose insert had committed in each of
 * `snapshots` (one scan). A row's 32-bit `xmin` is widened to the snapshot's 64-bit ids with the
 * current epoch, less one for an id above the current one's low half (the counter wrapped since).
 */
export function countReadingsAt(
  databaseUrl: string,
  snapshots: readonly string[],
  tables: ReadingTables = LAMPS_ONLY,
): Promise<{ total: number; at: number[] }> {
  return withDatabase({ databaseUrl, dataDir: '' }, async (db) => {
    const visible = (i: number) =>
      `count(*) filter (where pg_visible_in_snapshot(w.id::text::xid8, $${i + 1}::pg_snapshot))::bigint as at${i}`;
    const [row] = await db.query<Record<string, number>>(
      `with now(id) as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint)
       select count(*)::bigint as total, ${snapshots.map((_, i) => visible(i)).join(', ')}
       from (${readingRows(tables)}) r, now,
       lateral (select ((now.id >> 32) - (r.x::text::bigint > (now.id & 4294967295))::int) << 32
                       | r.x::text::bigint as id) w`,
      [...snapshots],
    );
    return { total: Number(row?.total ?? 0), at: snapshots.map((_, i) => Number(row?.[`at${i}`] ?? 0)) };
  });
}

/**
 * PostgreSQL's WAL position (bytes), the full-page images in it and the checkpoints so far: what
 * the database did in a window. Page images follow the first change of each page after a
 * checkpoint; they are what grows when the hot part of an index outgrows the buffers.
 */
export function walActivity(
  databaseUrl: string,
): Promise<{ walBytes: number; pageImages: number; checkpoints: number }> {
  return withDatabase({ databaseUrl, dataDir: '' }, async (db) => {
    const [row] = await db.query<{ wal: number; fpi: number; checkpoints: number }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint as wal, (select wal_fpi from pg_stat_wal) as fpi,
              (checkpoints_timed + checkpoints_req)::int as checkpoints from pg_stat_bgwriter`,
    );
    return {
      walBytes: Number(row?.wal ?? 0),
      pageImages: Number(row?.fpi ?? 0),
      checkpoints: row?.checkpoints ?? 0,
    };
  });
}

/** Per command: when its row was written and when its ack reached the server (epoch ms; null: no ack). */
export function commandTimes(
  target: Target,
  ids: string[],
): Promise<Map<string, { created: number; ack: number | null }>> {
  return withDatabase(target, async (db) => {
    const rows = await db.query<{ id: string; created: number; ack: number | null }>(
      `select id, extract(epoch from create_time) * 1000 as created, extract(epoch from ack_time) * 1000 as ack
         from dev_command where id = any($1::text[])`,
      [ids],
    );
    return new Map(
      rows.map((r) => [r.id, { created: Number(r.created), ack: r.ack === null ? null : Number(r.ack) }]),
    );
  });
}

/** Per command: milliseconds from its row being written to its ack reaching the server (acked ones). */
export function commandTurnaround(times: Map<string, { created: number; ack: number | null }>): number[] {
  return [...times.values()].flatMap((t) => (t.ack === null ? [] : [t.ack - t.created]));
}
