import type { HistoryPoint } from '@ics/contract/server';
import type { Queryable } from '../../../db/database';
import { isoOrNull } from '../../../http/sql-where';
import { rawReadings } from './raw-history';

/** The history API's names of each kind's raw reading columns. */
const RAW_COLUMNS = {
  lamp: `light_on as "on", level, target, voltage, current, power, power_factor as "powerFactor", energy, hours,
         switch_ons as "switchOns"`,
  sensor: `temperature, humidity, pm25, pm10, noise, illuminance, wind_speed as "windSpeed",
           wind_direction as "windDirection", pressure`,
} as const;

/** The history API's names of each kind's rollup columns. */
const ROLLUP_COLUMNS = {
  lamp: `level_avg as "levelAvg", power_avg as "powerAvg", power_max as "powerMax", voltage_avg as "voltageAvg",
         current_avg as "currentAvg", energy_max as "energy", energy_delta as "energyDelta", on_ratio as "onRatio"`,
  sensor: `temperature_avg as "temperatureAvg", temperature_min as "temperatureMin", temperature_max as "temperatureMax",
           humidity_avg as "humidityAvg", pm25_avg as "pm25Avg", pm25_max as "pm25Max", pm10_avg as "pm10Avg",
           pm10_max as "pm10Max", noise_avg as "noiseAvg", noise_max as "noiseMax", illuminance_avg as "illuminanceAvg",
           wind_speed_avg as "windSpeedAvg", wind_speed_max as "windSpeedMax", pressure_avg as "pressureAvg"`,
} as const;

/**
 * Read relation: the lamps' energy by hour and by day. Columns: device_id, grain (`h` an hour,
 * `d` a day local to the project's time zone), bucket (when it starts), energy_delta (kWh used within it).
 */
export const lampEnergyRelation = 'select device_id, grain, bucket, energy_delta from dev_lamp_rollup';

/** A device's history: its raw readings, or its hourly / daily rollups, oldest first. */
export class HistoryRepository {
  constructor(private readonly db: Queryable) {}

  async points(
    kind: 'lamp' | 'sensor',
    interval: 'raw' | 'hour' | 'day',
    deviceId: string,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<HistoryPoint[]> {
    const rows: Record<string, unknown>[] =
      interval === 'raw'
        ? await rawReadings(this.db, `dev_${kind}_reading`, RAW_COLUMNS[kind], deviceId, from, to, limit)
        : await this.db.query(
            `select bucket as ts, samples, ${ROLLUP_COLUMNS[kind]} from dev_${kind}_rollup
              where grain = $5 and device_id = $1 and bucket >= $2 and bucket < $3 order by bucket limit $4`,
            [deviceId, from.toISOString(), to.toISOString(), limit, interval === 'hour' ? 'h' : 'd'],
          );
    return rows.map((r) => ({ ...(r as Record<string, number | null>), ts: isoOrNull(r.ts)! }));
  }
}
