import { type AreaTreeNode, areaRoutes, toLanguage } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** The caller's projects with their areas and roads. */
export async function getAreaTree(): Promise<AreaTreeNode[]> {
  return unwrap(await call(areaRoutes.tree, { query: {} }));
}

/** The area tree, keyed by language: projects are named in the console's (a switch loads it again). */
export function useAreaTree(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...lightingKeys.areaTree, toLanguage(i18n.language)],
    queryFn: getAreaTree,
    staleTime: 60_000,
    enabled,
  });
}
