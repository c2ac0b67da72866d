import { type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * What `fetch` answers for the chosen `id` (the alarm a drawer shows, the project whose webhooks
 * a tab lists), under `key(id)`; nothing is asked while none is chosen.
 */
export function useQueryOf<T>(
  id: string | null,
  key: (id: string) => QueryKey,
  fetch: (id: string) => Promise<T>,
) {
  return useQuery({ queryKey: key(id ?? ''), queryFn: () => fetch(id!), enabled: !!id });
}
