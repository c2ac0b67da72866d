import type { AlarmRepository, Clear } from './alarm.repository';
import type { AlarmEngine, Condition } from './alarm-engine';

/** The key of a lamp's condition, as `activeKeys` answers it. */
export const lampKey = (id: string, code: string) => `device:${id}:${code}`;

type Lamp = { id: string; project_id: string; gateway_id: string; pole_id: string | null };

/** An anomaly of a lamp seen at `at`. */
export const lampAnomaly = (
  lamp: Lamp,
  code: string,
  at: Date,
  detail: Record<string, unknown>,
): Condition => ({
  projectId: lamp.project_id,
  sourceKind: 'device',
  sourceId: lamp.id,
  deviceId: lamp.id,
  gatewayId: lamp.gateway_id,
  poleId: lamp.pole_id,
  type: 'anomaly',
  code,
  at,
  detail,
});

/**
 * Applies one evaluation of some anomaly codes: raises what holds and is not raised yet (a
 * standing anomaly is not a new occurrence each evaluation) and clears the active alarms of
 * those codes that no longer hold.
 */
export async function settleAnomalies(
  engine: AlarmEngine,
  known: Awaited<ReturnType<AlarmRepository['activeKeys']>>,
  codes: readonly string[],
  raise: readonly Condition[],
  holding: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  await engine.observe(raise.filter((c) => !known.alarmed.has(lampKey(c.sourceId, c.code))));
  const clears: Clear[] = [];
  for (const k of known.alarmed) {
    const [kind, id, code] = k.split(':');
    if (kind !== 'device' || !id || !code || !codes.includes(code)) continue;
    if (!holding.has(k)) clears.push({ sourceKind: 'device', sourceId: id, code, at: now });
  }
  await engine.clear(clears);
}
