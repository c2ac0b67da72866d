import { lampFaultCodes } from '../../lighting/device/protocol';

/** How serious an alarm is, most serious first. */
export const alarmSeverities = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof alarmSeverities)[number];

/**
 * Where an alarm stands: `open` → `acknowledged` (someone is on it) → `resolved` (someone says it
 * is dealt with). Independently, `cleared` says the device no longer reports the condition; an
 * alarm both resolved and cleared is closed.
 */
export const alarmStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type AlarmStatus = (typeof alarmStatuses)[number];

/** What an alarm is about. */
export const alarmSourceKinds = ['device', 'gateway', 'pole', 'cabinet'] as const;
export type AlarmSourceKind = (typeof alarmSourceKinds)[number];

/**
 * The kinds of rule that raise alarms, each with its codes:
 * - `fault`: a fault flag a device reports (TALQ lamp monitor flags, any code a device event names);
 * - `offline`: a gateway or a device silent past a grace period;
 * - `threshold`: a sensor value beyond a limit for some time (environment thresholds);
 * - `anomaly`: what the platform computes from lamp state: burning by day, lit when the schedule
 *   says off or dark when it says on, power outside its expected band;
 * - `supply`: a cabinet or one of its circuits without supply.
 */
export const alarmTypes = ['fault', 'offline', 'threshold', 'anomaly', 'supply'] as const;
export type AlarmType = (typeof alarmTypes)[number];

export const anomalyCodes = ['day_burning', 'schedule_lit', 'schedule_dark', 'power_deviation'] as const;
export type AnomalyCode = (typeof anomalyCodes)[number];

export const offlineCodes = ['gateway_offline', 'device_offline'] as const;
export const supplyCodes = ['cabinet_supply_loss', 'circuit_loss'] as const;

/** The codes each rule type has by default (threshold codes are `<metric>_high` / `<metric>_low`). */
export const defaultAlarmCodes = {
  fault: lampFaultCodes,
  offline: offlineCodes,
  anomaly: anomalyCodes,
  supply: supplyCodes,
} as const;

/** Severity ranks for sorting: critical first. */
export const severityRank: Record<AlarmSeverity, number> = { critical: 0, major: 1, minor: 2, warning: 3 };
