import { openDatabase } from '@ics/server/tools';

export const MAP_POLES = 100_000;
const LAMPS_PER_GATEWAY = 100;
/** Every 20th pole also carries a camera (so kinds masks vary). */
const CAMERA_EVERY = 20;

/**
 * A project of `poles` poles on a grid around the default map centre, one lamp each (100 per
 * gateway), cameras on every 20th pole, with latest states: 2 % offline, about 1 % faulty, a
 * third lit. All by SQL (generate_series) in one transaction, then ANALYZE. The server must be
 * stopped when this is PGlite (one process owns its files).
 */
export async function seedPoles(
  target: { databaseUrl?: string | undefined; dataDir: string },
  poles = MAP_POLES,
): Promise<{ projectId: string; poles: number; lamps: number }> {
  const db = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    const projectId = await db.transaction(async (tx) => {
      const [project] = await tx.query<{ id: string }>(
        `insert into sys_project (name, code, create_by) values ('Bench map', 'BENCH-MAP', 'bench') returning id`,
      );
      const id = project!.id;
      await tx.query(`insert into sys_project_depart (project_id, dep_id) values ($1, 'dep-root')`, [id]);
      await tx.query(
        `insert into dev_gateway (id, project_id, sn, name, create_by)
         select 'bench-gw-' || g, $1, 'BENCH-MAP-GW-' || lpad(g::text, 5, '0'), 'Bench gateway ' || g, 'bench'
           from generate_series(1, $2::int) g`,
        [id, Math.ceil(poles / LAMPS_PER_GATEWAY)],
      );
      // A 400-column grid, ~46 m × 44 m apart: about 18 km × 11 km.
      await tx.query(
        `insert into dev_pole (id, project_id, code, name, longitude, latitude, road, create_by)
         select 'bench-pole-' || g, $1, 'BP' || lpad(g::text, 6, '0'), 'Bench pole ' || g,
                117.178249 + ((g % 400) - 200) * 0.0005, 34.161036 + ((g / 400) - 125) * 0.0004,
                'Road ' || (g / 400), 'bench'
           from generate_series(1, $2::int) g`,
        [id, poles],
      );
      await tx.query(
        `insert into dev_device (id, project_id, gateway_id, pole_id, kind, address, name, model, create_by)
         select 'bench-lamp-' || g, $1, 'bench-gw-' || ((g - 1) / $3 + 1), 'bench-pole-' || g, 'lamp',
                'L' || lpad(((g - 1) % $3 + 1)::text, 3, '0'), 'Lamp ' || lpad(g::text, 6, '0'), 'SIM-lamp', 'bench'
           from generate_series(1, $2::int) g`,
        [id, poles, LAMPS_PER_GATEWAY],
      );
      await tx.query(
        `insert into dev_device (id, project_id, gateway_id, pole_id, kind, address, name, create_by)
         select 'bench-cam-' || g, $1, 'bench-gw-' || ((g - 1) / $3 + 1), 'bench-pole-' || g, 'camera',
                'C' || lpad(((g - 1) % $3 + 1)::text, 3, '0'), 'Camera ' || g, 'bench'
           from generate_series($4::int, $2::int, $4::int) g`,
        [id, poles, LAMPS_PER_GATEWAY, CAMERA_EVERY],
      );
      await tx.query(
        `insert into dev_state (device_id, online, last_seen, vals, faults)
         select d.id, n % 50 <> 0, now() - (n % 600) * interval '1 second',
                jsonb_build_object('on', n % 3 = 0, 'level', case when n % 3 = 0 then 80 else 0 end),
                case when n % 97 = 0 then '["lampFailure"]'::jsonb else '[]'::jsonb end
           from (select id, substring(id from '[0-9]+$')::int as n from dev_device where project_id = $1) d`,
        [id],
      );
      return id;
    });
    await db.query('analyze');
    const [row] = await db.query<{ poles: number; lamps: number }>(
      `select (select count(*)::int from dev_pole where project_id = $1) as poles,
              (select count(*)::int from dev_device where project_id = $1 and kind = 'lamp') as lamps`,
      [projectId],
    );
    return { projectId, poles: row?.poles ?? 0, lamps: row?.lamps ?? 0 };
  } finally {
    await db.close();
  }
}
