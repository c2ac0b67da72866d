import { announcementRoutes } from '@ics/contract';
import { useFreshQuery } from '../../../shared/hooks/use-fresh-query';
import { queryFetcher } from '../../../shared/lib/http';
import { announcementKeys } from './keys';

/** How many addressees have read a published announcement. */
export const getAnnouncementStats = queryFetcher(announcementRoutes.readStats, (id: string) => ({ id }));

export const useAnnouncementStats = (id: string | undefined) =>
  useFreshQuery(announcementKeys.stats(id), () => getAnnouncementStats(id ?? ''), Boolean(id));
