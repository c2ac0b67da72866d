import type { RealtimeMessage } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtime } from '../../../shared/lib/realtime';
import { fetchUserAnnouncements, MY_ANNOUNCEMENTS_KEY, USER_ANNOUNCEMENTS_KEY } from '../api/announcements';

/** The bell polls every 6 s (spec §7, §9) and stops after an error. */
export const NOTICE_POLL_MS = 6_000;

/**
 * The user's unread announcements and system messages: polled every 6 s until a poll fails,
 * and fetched at once when the server pushes an announcement (cmd `topic` or `user`).
 */
export function useUserAnnouncements() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: USER_ANNOUNCEMENTS_KEY,
    queryFn: fetchUserAnnouncements,
    staleTime: 0,
    refetchInterval: (q) => (q.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
  const onPush = useCallback(
    (message: RealtimeMessage) => {
      if (message.cmd !== 'topic' && message.cmd !== 'user') return;
      void client.invalidateQueries({ queryKey: USER_ANNOUNCEMENTS_KEY });
      void client.invalidateQueries({ queryKey: MY_ANNOUNCEMENTS_KEY });
    },
    [client],
  );
  useRealtime(onPush);
  return query;
}
