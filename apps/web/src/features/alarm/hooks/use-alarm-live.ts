import { alarmRoutes, type RealtimeMessage } from '@ics/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtime } from '../../../shared/lib/realtime';
import { useRefreshList } from '../../../shared/ui/list-page';
import { alarmKeys } from '../api/keys';
import { type AlarmPush, toAlarmPush } from '../utils/alarm-push';

/** A storm of pushes reloads the list at most this often. */
const RELOAD_EVERY_MS = 1_000;

/**
 * Keeps alarm views current: on each alarm push the list, the counts and open details load
 * again (at most once a second), and `onPush` hears the push (the page counts new alarms).
 */
export function useAlarmLive(onPush?: (push: AlarmPush) => void) {
  const client = useQueryClient();
  const refreshList = useRefreshList(alarmRoutes.list);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pushRef = useRef(onPush);
  pushRef.current = onPush;

  useEffect(() => () => clearTimeout(timer.current), []);

  const listener = useCallback(
    (message: RealtimeMessage) => {
      const push = toAlarmPush(message);
      if (!push) return;
      pushRef.current?.(push);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void refreshList();
        void client.invalidateQueries({ queryKey: alarmKeys.all });
      }, RELOAD_EVERY_MS);
    },
    [client, refreshList],
  );
  useRealtime(listener);
}
