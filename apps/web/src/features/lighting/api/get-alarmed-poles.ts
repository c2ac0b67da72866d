import { type AlarmPoleDto, alarmRoutes, marks, type RealtimeMessage } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { call, unwrap } from '../../../shared/lib/http';
import { useRealtime } from '../../../shared/lib/realtime';
import { useHas } from '../../../shared/ui/has';
import { lightingKeys } from './keys';

/** Without pushes (a lost socket) the alarmed poles are fetched again this often. */
const REFRESH_MS = 30_000;
/** A storm of alarm pushes reloads them at most this often. */
const PUSH_RELOAD_MS = 1_000;

/** `GET /alarm/poleCounts`: the poles with active alarms, their most severe and how many. */
export async function getAlarmedPoles(): Promise<AlarmPoleDto[]> {
  return unwrap(
    await call(alarmRoutes.poleCounts, { query: {} }, { silentStatuses: [0, 403, 500, 502, 503, 504] }),
  );
}

/**
 * The alarmed poles for the map, for a user holding `alarm:alarm:list` (others get none and
 * nothing is asked): loaded again when an alarm push arrives and every 30 s.
 */
export function useAlarmedPoles(): AlarmPoleDto[] | undefined {
  const has = useHas();
  const allowed = has(marks.alarm.alarm.list);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: lightingKeys.alarmedPoles,
    queryFn: getAlarmedPoles,
    enabled: allowed,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const listener = useCallback(
    (message: RealtimeMessage) => {
      if (!allowed || message.cmd !== 'alarm' || timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void client.invalidateQueries({ queryKey: lightingKeys.alarmedPoles });
      }, PUSH_RELOAD_MS);
    },
    [allowed, client],
  );
  useRealtime(listener);
  return allowed ? query.data : undefined;
}
