import { announcementRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { announcementKeys } from './keys';

/** How many addressees have read a published announcement. */
export async function getAnnouncementStats(id: string) {
  return unwrap(await call(announcementRoutes.readStats, { query: { id } }));
}

export function useAnnouncementStats(id: string | undefined) {
  return useQuery({
    queryKey: announcementKeys.stats(id),
    enabled: Boolean(id),
    staleTime: 0,
    queryFn: () => getAnnouncementStats(id ?? ''),
  });
}
