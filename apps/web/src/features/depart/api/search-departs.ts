import { departRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { departKeys } from './keys';

/** Departments whose name contains `keyWord`. */
export async function searchDeparts(keyWord: string) {
  return unwrap(await call(departRoutes.searchBy, { query: { keyWord } }));
}

/** The departments matching a search, while there is one. */
export function useDepartSearch(keyword: string) {
  const text = keyword.trim();
  return useQuery({
    queryKey: departKeys.search(keyword),
    enabled: text !== '',
    queryFn: () => searchDeparts(text),
  });
}
