import type { AlarmDto, RealtimeMessage } from '@ics/contract';

/** What the server pushes when alarms change: `{cmd:'alarm', kind, projectId, count, alarms}`. */
export type AlarmPush = { cmd: 'alarm'; kind: string; projectId: string; count: number; alarms: AlarmDto[] };

/** Narrows a pushed message to an alarm push; anything else (device state, notices) is null. */
export function toAlarmPush(message: RealtimeMessage): AlarmPush | null {
  const m = message as unknown as Partial<AlarmPush>;
  if (m.cmd !== 'alarm' || typeof m.kind !== 'string' || !Array.isArray(m.alarms)) return null;
  return {
    cmd: 'alarm',
    kind: m.kind,
    projectId: String(m.projectId ?? ''),
    count: Number(m.count ?? 0),
    alarms: m.alarms,
  };
}

/** Newly raised alarms of a push (the bell counts those). */
export const isNewAlarm = (push: AlarmPush) => push.kind === 'raised' || push.kind === 'escalated';
