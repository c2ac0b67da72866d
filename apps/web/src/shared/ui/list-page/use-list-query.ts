import { type ListPage, type RouteDef, toLanguage } from '@ics/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call, unwrap } from '../../lib/http';

/** Query key of a list route: invalidating `listKey(route)` refreshes every page of it. */
export const listKey = (route: RouteDef) => ['list', route.path] as const;

/**
 * One page of a list route, keyed by route, parameters and language (the server translates
 * dictionary texts and log contents, so a language switch loads the page again); the previous
 * page is kept while loading; `refetchInterval` (ms) polls it.
 */
export function useListQuery<T>(
  route: RouteDef,
  params: Record<string, string | number>,
  enabled = true,
  refetchInterval?: number,
) {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  return useQuery({
    queryKey: [...listKey(route), params, language],
    enabled,
    refetchInterval,
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await call(route, { query: params as never })) as unknown as ListPage<T>,
  });
}

/** Refreshes every cached page of a list route. */
export function useRefreshList(route: RouteDef): () => Promise<void> {
  const client = useQueryClient();
  const path = route.path;
  return useCallback(() => client.invalidateQueries({ queryKey: ['list', path] }), [client, path]);
}

/**
 * A change to the rows of a list route (add, edit, an action on rows): once it succeeds every
 * cached page of the list loads again, and `onSuccess` forgets what else it made stale. The
 * reload is started, not awaited, so a form closes as soon as the server accepted the change.
 */
export function useListMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  list: RouteDef,
  onSuccess?: () => unknown,
) {
  const refresh = useRefreshList(list);
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void refresh();
      onSuccess?.();
    },
  });
}

/** The authorisation mark a route requires, if it names one. */
export function routeMark(route: RouteDef | undefined): string | undefined {
  const access = route?.access;
  return access && typeof access === 'object' ? access.mark : undefined;
}
