import { announcementRoutes, type RealtimeMessage, type UserAnnouncements } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, unwrap } from '../../../shared/lib/http';
import { useRealtime } from '../../../shared/lib/realtime';
import { announcementKeys } from './keys';

/** The bell polls every 6 s (spec §7, §9) and stops after an error. */
const NOTICE_POLL_MS = 6_000;

/** `GET /sys/annountCement/listByUser`: unread announcements and system messages with totals. */
export async function getUserAnnouncements(): Promise<UserAnnouncements> {
  return unwrap(await call(announcementRoutes.listByUser));
}

/**
 * The user's unread announcements and system messages: polled every 6 s until a poll fails,
 * and fetched at once (with the user's list) when the server pushes an announcement (cmd
 * `topic` or `user`).
 */
export function useUserAnnouncements() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: announcementKeys.byUser,
    queryFn: getUserAnnouncements,
    staleTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
  const onPush = useCallback(
    (message: RealtimeMessage) => {
      if (message.cmd !== 'topic' && message.cmd !== 'user') return;
      void client.invalidateQueries({ queryKey: announcementKeys.byUser });
      void client.invalidateQueries({ queryKey: announcementKeys.mine });
    },
    [client],
  );
  useRealtime(onPush);
  return query;
}
