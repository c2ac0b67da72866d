import type { StrategyAction, StrategyDto, StrategyTargetKind } from '@ics/contract';
import type { StrategyBody } from '../api/save-strategy';

/** One action row of the form: the time split into its type, clock time and offset. */
export type ActionRow = {
  timeType: 'clock' | 'sunset' | 'sunrise';
  time?: string;
  offset?: number;
  action: 'on' | 'off' | 'dim';
  level?: number;
};

export type StrategyFormValues = {
  projectId: string;
  name: string;
  priority: number;
  enabled: boolean;
  startDate?: string | null;
  endDate?: string | null;
  weekdays: number[];
  actions: ActionRow[];
  targets: Array<{ kind: StrategyTargetKind; id: string }>;
  fallbackLevel?: number | null;
  remark?: string | null;
};

export const defaultActions: ActionRow[] = [
  { timeType: 'sunset', offset: 0, action: 'on', level: 100 },
  { timeType: 'clock', time: '23:00', action: 'dim', level: 50 },
  { timeType: 'sunrise', offset: 0, action: 'off' },
];

export function toAction(row: ActionRow): StrategyAction {
  const at =
    row.timeType === 'clock'
      ? { type: 'clock' as const, time: row.time ?? '00:00' }
      : { type: row.timeType, offsetMinutes: row.offset ?? 0 };
  return {
    at,
    action: row.action,
    ...(row.action !== 'off' && row.level !== undefined && row.level !== null ? { level: row.level } : {}),
  };
}

export function toRow(action: StrategyAction): ActionRow {
  return action.at.type === 'clock'
    ? { timeType: 'clock', time: action.at.time, action: action.action, level: action.level }
    : {
        timeType: action.at.type,
        offset: action.at.offsetMinutes,
        action: action.action,
        level: action.level,
      };
}

/** Form values → the request body. */
export function toBody(values: StrategyFormValues): StrategyBody {
  return {
    projectId: values.projectId,
    name: values.name,
    priority: values.priority ?? 0,
    enabled: values.enabled ?? true,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    weekdays: values.weekdays?.length ? [...values.weekdays].sort() : [1, 2, 3, 4, 5, 6, 7],
    actions: (values.actions ?? []).map(toAction),
    targets: values.targets ?? [],
    fallbackLevel: values.fallbackLevel ?? null,
    remark: values.remark || null,
  };
}

/** A saved strategy → form values. */
export function toValues(s: StrategyDto): StrategyFormValues {
  return {
    projectId: s.projectId,
    name: s.name,
    priority: s.priority,
    enabled: s.enabled,
    startDate: s.startDate,
    endDate: s.endDate,
    weekdays: s.weekdays,
    actions: s.actions.map(toRow),
    targets: s.targets.map(({ kind, id }) => ({ kind, id })),
    fallbackLevel: s.fallbackLevel,
    remark: s.remark,
  };
}
