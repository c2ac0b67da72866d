import { localParts, sunTimes } from '../lighting';
import type { ProjectService } from '../project';
import type { AlarmRepository } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';
import { lampAnomaly, lampKey, settleAnomalies } from './lamp-anomaly';
import type { RuleService } from './rule.service';

const MINUTE = 60_000;
const CODES = ['day_burning', 'power_deviation'];
const keyOf = lampKey;

/**
 * Lamp anomalies the platform computes from the lamps' latest state:
 * - `day_burning`: lit while the sun is up at its pole (or its project's position), more than the
 *   rule's `toleranceMinutes` after sunrise and before sunset, from the sun times strategies use;
 * - `power_deviation`: lit and drawing more than `tolerancePercent` away from the rule's rated
 *   power (`value`, W) scaled to its level.
 * Lamps no longer in that state have their anomaly alarm cleared.
 */
export class LampAnomalies {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly engine: AlarmEngine,
    private readonly rules: RuleService,
    private readonly projects: ProjectService,
  ) {}

  async evaluate(now: Date): Promise<void> {
    const [lamps, known] = await Promise.all([this.repo.litLamps(), this.repo.activeKeys('anomaly')]);
    const places = new Map(
      (await this.projects.places([...new Set(lamps.map((l) => l.project_id))])).map((p) => [p.id, p]),
    );
    const raise: Condition[] = [];
    const holding = new Set<string>();
    const t = now.getTime();
    for (const lamp of lamps) {
      const place = places.get(lamp.project_id);
      if (!place) continue;
      const condition = (code: string, detail: Record<string, unknown>) =>
        lampAnomaly(lamp, code, now, detail);
      const dayRule = await this.rules.effective(lamp.project_id, 'anomaly', 'day_burning');
      if (dayRule?.enabled) {
        const tolerance = Number(dayRule.params.toleranceMinutes ?? 0) * MINUTE;
        const { date } = localParts(t, place.timeZone);
        const sun = sunTimes(
          date,
          lamp.latitude ?? place.latitude,
          lamp.longitude ?? place.longitude,
          place.timeZone,
        );
        if (
          sun.sunrise !== null &&
          sun.sunset !== null &&
          t > sun.sunrise + tolerance &&
          t < sun.sunset - tolerance
        ) {
          holding.add(keyOf(lamp.id, 'day_burning'));
          raise.push(
            condition('day_burning', {
              sunrise: new Date(sun.sunrise).toISOString(),
              sunset: new Date(sun.sunset).toISOString(),
            }),
          );
        }
      }
      const powerRule = await this.rules.effective(lamp.project_id, 'anomaly', 'power_deviation');
      const rated = Number(powerRule?.params.value ?? 0);
      const power = lamp.vals?.power;
      const level = Number(lamp.vals?.level ?? 100);
      if (powerRule?.enabled && rated > 0 && typeof power === 'number' && level > 0) {
        const expected = (rated * level) / 100;
        const tolerance = Number(powerRule.params.tolerancePercent ?? 20) / 100;
        if (Math.abs(power - expected) > expected * tolerance) {
          holding.add(keyOf(lamp.id, 'power_deviation'));
          raise.push(
            condition('power_deviation', { power, expected, level, tolerancePercent: tolerance * 100 }),
          );
        }
      }
    }
    await settleAnomalies(this.engine, known, CODES, raise, holding, now);
  }
}
