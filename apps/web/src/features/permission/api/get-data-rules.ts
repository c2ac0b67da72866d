import { permissionRoutes } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { permissionKeys } from './keys';

/** The data rules of a menu. */
export async function getDataRules(permissionId: string) {
  return unwrap(await call(permissionRoutes.getPermRuleListByPermId, { query: { permissionId } }));
}

export function useDataRules(permissionId: string | undefined) {
  return useQuery({
    queryKey: permissionKeys.dataRules(permissionId ?? ''),
    enabled: Boolean(permissionId),
    queryFn: () => getDataRules(permissionId ?? ''),
  });
}

/** Loads a menu's data rules again (after one was deleted through the row's delete button). */
export function useRefreshDataRules(permissionId: string | undefined) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: permissionKeys.dataRules(permissionId ?? '') });
}
