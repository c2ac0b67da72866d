import type { EnvThresholdDto } from '@ics/contract/server';
import { Listeners } from '../../lib/listeners';
import type { SensorLimit } from '../alarm';
import type { EnvRepository, EnvThreshold } from './env.repository';

/** A change to a project's thresholds (listeners re-read them). */
export type ThresholdsChanged = { projectId: string };

/** The alarm code a threshold raises: `<metric>_high` above its limit, `<metric>_low` below. */
export const thresholdCode = (t: Pick<EnvThreshold, 'metric' | 'comparison'>) =>
  `${t.metric}_${t.comparison === 'gt' ? 'high' : 'low'}`;

/**
 * Keeps of each metric and direction the sensor's own limit over the project's: a sensor with its
 * own `pm25 gt` is not also held to the project-wide one.
 */
export function effectiveFor(sensorId: string, thresholds: readonly EnvThreshold[]): EnvThreshold[] {
  return heldBy(sensorId, thresholds).filter((t) => t.enabled);
}

/** Of each metric and direction the limit that decides for a sensor, switched off or not. */
function heldBy(sensorId: string, thresholds: readonly EnvThreshold[]): EnvThreshold[] {
  const byCode = new Map<string, EnvThreshold>();
  for (const t of thresholds) {
    if (t.sensorId !== null && t.sensorId !== sensorId) continue;
    const code = thresholdCode(t);
    const held = byCode.get(code);
    if (!held || (held.sensorId === null && t.sensorId !== null)) byCode.set(code, t);
  }
  return [...byCode.values()];
}

/** A limit as the alarm sweeper holds a sensor to it. */
const toSensorLimit = (t: EnvThreshold): SensorLimit => ({
  code: thresholdCode(t),
  metric: t.metric,
  comparison: t.comparison,
  value: t.value,
  hysteresis: t.hysteresis,
  enabled: t.enabled,
  own: { severity: t.severity, durationSeconds: t.durationSeconds },
});

/** A threshold as the API shows it: an alarm rule of type `threshold`. */
export function toThresholdDto(t: EnvThreshold, askedForSensor?: string): EnvThresholdDto {
  return {
    id: t.id,
    projectId: t.projectId,
    type: 'threshold',
    code: thresholdCode(t),
    enabled: t.enabled,
    severity: t.severity,
    params: {
      sensorId: t.sensorId,
      metric: t.metric,
      comparison: t.comparison,
      value: t.value,
      durationSeconds: t.durationSeconds,
      hysteresis: t.hysteresis,
    },
    escalateAfterMinutes: null,
    escalateRoleId: null,
    escalateUserId: null,
    // Asked about one sensor, a project-wide limit is one it inherits.
    inherited: askedForSensor !== undefined && t.sensorId === null,
  };
}

/**
 * The thresholds as rules read them (the alarm module evaluates sensor readings against them):
 * no caller, no scope; only enabled limits.
 */
export class EnvThresholds {
  readonly changed = new Listeners<ThresholdsChanged>();

  constructor(private readonly repo: EnvRepository) {}

  /** Every enabled limit of a project, project-wide and per sensor. */
  async thresholdsFor(projectId: string): Promise<EnvThreshold[]> {
    return (await this.repo.thresholdsOfProject(projectId)).filter((t) => t.enabled);
  }

  /** The enabled limits a sensor is held to: its own, and its project's where it has none of its own. */
  async forSensor(deviceId: string): Promise<EnvThreshold[]> {
    return effectiveFor(deviceId, await this.repo.thresholdsOfSensor(deviceId));
  }

  /**
   * The limits of a project's sensors for the alarm sweeper, read once: each sensor's decisive
   * limit per metric and direction, switched-off ones included (they switch a rule off too).
   */
  async limitsOf(projectId: string): Promise<(sensorId: string) => SensorLimit[]> {
    const all = await this.repo.thresholdsOfProject(projectId);
    return (sensorId) => heldBy(sensorId, all).map(toSensorLimit);
  }

  /** Calls `listener` whenever a project's thresholds change. */
  onChanged(listener: (event: ThresholdsChanged) => void | Promise<void>): void {
    this.changed.add(listener);
  }
}
