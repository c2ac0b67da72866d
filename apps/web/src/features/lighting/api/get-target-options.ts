import type { StrategyTargetKind } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { getGateways } from './get-gateways';
import { getGroups } from './get-groups';
import { getLamps } from './get-lamps';
import { lightingKeys } from './keys';

type Option = { value: string; label: string };
type ListedKind = Exclude<StrategyTargetKind, 'project'>;

/** The lamps (first 50 matching `keyword`), groups or gateways of a project, as choices. */
export async function getTargetOptions(
  kind: ListedKind,
  projectId: string | undefined,
  keyword: string,
): Promise<Option[]> {
  const scope = { pageNo: 1, projectId };
  if (kind === 'lamp')
    return (await getLamps({ ...scope, pageSize: 50, keyword: keyword || undefined })).records.map((l) => ({
      value: l.id,
      label: `${l.name} (${l.gatewaySn}/${l.address})`,
    }));
  if (kind === 'group')
    return (await getGroups({ ...scope, pageSize: 1000 })).records.map((g) => ({
      value: g.id,
      label: g.name,
    }));
  return (await getGateways({ ...scope, pageSize: 1000 })).records.map((g) => ({
    value: g.id,
    label: `${g.sn} · ${g.name}`,
  }));
}

/** Choices of a strategy target of `kind` (projects come from the area tree instead). */
export function useTargetOptions(kind: StrategyTargetKind, projectId: string | undefined, keyword: string) {
  const search = kind === 'lamp' ? keyword : '';
  return useQuery({
    queryKey: lightingKeys.targetOptions(kind, projectId, search),
    enabled: kind !== 'project',
    queryFn: () => getTargetOptions(kind as ListedKind, projectId, search),
  });
}
