import { type Fleet, withDatabase } from './seed';

/** The run's database: a PostgreSQL URL, else the PGlite data directory. */
type Target = { databaseUrl?: string | undefined; dataDir: string };

/** The sensor each gateway carries in the rules variant, named as the simulator names it. */
export const SENSOR_ADDRESS = 'S001';

/**
 * The limits, by sensor number modulo ten, against the simulator's values (temperature 14–22 °C,
 * humidity 50–70 %, PM2.5 20–50, noise 47–63 dB): one in ten is always beyond its limit and
 * raises an alarm after 10 s, one in ten crosses its limit back and forth from one reading to
 * the next (a pending condition made and dropped, never long enough to raise), the rest are
 * never reached: the sweeper evaluates all of them on every pass.
 */
const LIMITS: Array<{ metric: string; comparison: 'gt' | 'lt'; value: number; duration: number }> = [
  { metric: 'temperature', comparison: 'gt', value: 10, duration: 10 },
  { metric: 'pm25', comparison: 'gt', value: 35, duration: 600 },
  { metric: 'temperature', comparison: 'gt', value: 40, duration: 60 },
  { metric: 'humidity', comparison: 'lt', value: 5, duration: 60 },
  { metric: 'pm25', comparison: 'gt', value: 250, duration: 60 },
  { metric: 'noise', comparison: 'gt', value: 90, duration: 60 },
  { metric: 'humidity', comparison: 'gt', value: 99, duration: 60 },
  { metric: 'pm10', comparison: 'gt', value: 300, duration: 60 },
  { metric: 'temperature', comparison: 'lt', value: -20, duration: 60 },
  { metric: 'noise', comparison: 'lt', value: 10, duration: 60 },
];

/**
 * One environment sensor behind each of the fleet's `count` gateways, and one threshold
 * of its own per sensor (`env_threshold`, as `/env/threshold/save` writes it): `count` threshold
 * limits the alarm sweeper holds the sensors' latest values to. Seeded by SQL like the fleet,
 * with the server stopped (PGlite has one owner).
 */
export async function seedSensorLimits(target: Target, fleet: Fleet, count: number): Promise<number> {
  // The simulator puts a sensor behind every gateway: one unregistered would report an unknown device.
  if (count !== fleet.gateways.length)
    throw new Error(`one sensor behind each gateway: ${fleet.gateways.length} limits, not ${count}`);
  const gatewayIds = fleet.gateways.map((g) => g.id);
  return withDatabase(target, (db) =>
    db.transaction(async (tx) => {
      const sensors = await tx.query<{ id: string }>(
        `insert into dev_device (project_id, gateway_id, kind, address, name, model, create_by)
         select $1, g.id, 'sensor', $2, g.sn || '/' || $2, 'SIM-sensor', 'bench'
           from dev_gateway g where g.id = any($3::text[])
         returning id`,
        [fleet.projectId, SENSOR_ADDRESS, gatewayIds],
      );
      await tx.query(`insert into dev_state (device_id, online) select unnest($1::text[]), false`, [
        sensors.map((s) => s.id),
      ]);
      const limits = sensors.map((s, i) => ({ sensor: s.id, ...LIMITS[i % LIMITS.length]! }));
      await tx.query(
        `insert into env_threshold (project_id, sensor_id, metric, comparison, value, duration_seconds, hysteresis, severity, create_by)
         select $1, l.sensor, l.metric, l.comparison, l.value, l.duration, 1, 'minor', 'bench'
           from jsonb_to_recordset($2::jsonb) as l(sensor text, metric text, comparison text, value float8, duration int)`,
        [fleet.projectId, JSON.stringify(limits)],
      );
      return limits.length;
    }),
  );
}

/** What the sweeper did with the limits: threshold alarms raised, conditions waiting now. */
export function thresholdOutcome(target: Target): Promise<{ alarms: number; pending: number }> {
  return withDatabase(target, async (db) => {
    const [row] = await db.query<{ alarms: number; pending: number }>(
      `select (select count(*) from alarm_record where type = 'threshold')::int as alarms,
              (select count(*) from alarm_pending where type = 'threshold')::int as pending`,
    );
    return { alarms: Number(row?.alarms ?? 0), pending: Number(row?.pending ?? 0) };
  });
}
