import { announcementRoutes } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { announcementKeys } from './keys';

/** `PUT /sys/sysAnnouncementSend/readAll`. */
export async function markAllRead(): Promise<void> {
  unwrap(await call(announcementRoutes.readAll));
}

/** Marks every announcement of the user read; the user's list and the bell load again. */
export const useMarkAllRead = () =>
  useInvalidatingMutation(markAllRead, () => [announcementKeys.mine, announcementKeys.byUser]);
