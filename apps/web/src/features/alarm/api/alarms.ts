import {
  type AlarmCounts,
  type AlarmDetail,
  type AlarmEventDto,
  alarmRoutes,
  type RouteBody,
} from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { useQueryOf } from '../../../shared/hooks/use-query-of';
import { call, unwrap } from '../../../shared/lib/http';
import { listKey } from '../../../shared/ui/list-page';
import { alarmKeys } from './keys';

export async function getAlarm(id: string): Promise<AlarmDetail> {
  return unwrap(await call(alarmRoutes.queryById, { query: { id } }));
}

export async function getAlarmCounts(projectId?: string): Promise<AlarmCounts> {
  return unwrap(await call(alarmRoutes.counts, { query: projectId ? { projectId } : {} }));
}

/** One alarm with its timeline (the detail drawer). */
export const useAlarm = (id: string | null) => useQueryOf(id, alarmKeys.detail, getAlarm);

/** Active alarms by status and severity (the bell, the home tile). */
export function useAlarmCounts(enabled = true) {
  return useQuery({ queryKey: alarmKeys.counts, queryFn: () => getAlarmCounts(), enabled });
}

export type AlarmAction = 'ack' | 'resolve';

async function act(input: { action: AlarmAction } & RouteBody<typeof alarmRoutes.ack>): Promise<number> {
  const { action, ...body } = input;
  return unwrap(await call(alarmRoutes[action], { body })).count;
}

async function comment(body: RouteBody<typeof alarmRoutes.comment>): Promise<AlarmEventDto> {
  return unwrap(await call(alarmRoutes.comment, { body }));
}

/** What an action on alarms makes stale: the list, the counts, the open details. */
const stale = () => [listKey(alarmRoutes.list), alarmKeys.all];

/** Acknowledges or resolves alarms with a comment; the list, counts and details load again. */
export const useAlarmAction = () => useInvalidatingMutation(act, stale);

/** Adds a comment to an alarm's timeline. */
export const useAlarmComment = () => useInvalidatingMutation(comment, stale);
