import { announcementRoutes } from '@ics/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { announcementKeys } from './keys';

/** `PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId`: marks one announcement read. */
export async function markAnnouncementRead(anntId: string): Promise<void> {
  unwrap(await call(announcementRoutes.markRead, { body: { anntId } }));
}

/** Marks an announcement read; the bell and the user's list load again even when marking failed. */
export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: announcementKeys.byUser }),
        client.invalidateQueries({ queryKey: announcementKeys.mine }),
      ]),
  });
}
