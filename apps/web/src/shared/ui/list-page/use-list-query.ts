import { type ListPage, type RouteDef, toLanguage } from '@ics/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidatingMutation } from '../../hooks/use-invalidating-mutation';
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

/** A change to the rows of a list route (add, edit, an action on rows): the list loads again. */
export function useListMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  list: RouteDef,
  onSuccess?: () => unknown,
) {
  return useInvalidatingMutation(mutationFn, () => [listKey(list)], onSuccess);
}

/** The authorisation mark a route requires, if it names one. */
export function routeMark(route: RouteDef | undefined): string | undefined {
  const access = route?.access;
  return access && typeof access === 'object' ? access.mark : undefined;
}
