import { type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * What a dialog or drawer shows, loaded afresh each time it opens (`staleTime: 0`) and only
 * once `enabled`. With `forget`, the answer is dropped as soon as nothing shows it
 * (`gcTime: 0`), so a reopened drawer never starts from the previous one (a role's grants).
 */
export function useFreshQuery<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  enabled: boolean,
  forget = false,
) {
  return useQuery({ queryKey, enabled, staleTime: 0, ...(forget ? { gcTime: 0 } : {}), queryFn });
}
