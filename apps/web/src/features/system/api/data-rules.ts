import { permissionRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

export const dataRulesKey = (permissionId: string) => ['sys', 'data-rules', permissionId] as const;

/** Data rules of a menu. */
export function useDataRules(permissionId: string | undefined) {
  return useQuery({
    queryKey: dataRulesKey(permissionId ?? ''),
    enabled: Boolean(permissionId),
    queryFn: async () =>
      unwrap(
        await call(permissionRoutes.getPermRuleListByPermId, { query: { permissionId: permissionId ?? '' } }),
      ),
  });
}
