import { announcementRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

/** How many addressees have read a published announcement. */
export function useAnnouncementStats(id: string | undefined) {
  return useQuery({
    queryKey: ['sys', 'announcement-stats', id],
    enabled: Boolean(id),
    staleTime: 0,
    queryFn: async () => unwrap(await call(announcementRoutes.readStats, { query: { id: id ?? '' } })),
  });
}
