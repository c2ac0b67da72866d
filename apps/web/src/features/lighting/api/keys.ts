import { groupRoutes } from '@ics/contract';
import { listKey } from '../../../shared/ui/list-page';

/** Query keys of the lighting module's cached queries (invalidating a prefix reloads all below it). */
export const lightingKeys = {
  areaTree: ['lighting', 'area-tree'] as const,
  /** Every query of groups: the lamp page's group choices among them. */
  groups: ['lighting', 'groups'] as const,
  groupOptions: ['lighting', 'groups', 'options'] as const,
  gatewayOptions: ['lighting', 'gateways', 'options'] as const,
  groupLamps: (groupId: string) => ['lighting', 'group-lamps', groupId] as const,
  groupLampsPage: (groupId: string, page: number) => ['lighting', 'group-lamps', groupId, page] as const,
  lampSearch: (projectId: string, keyword: string) =>
    ['lighting', 'lamps', 'search', projectId, keyword] as const,
  targetOptions: (kind: string, projectId: string | undefined, keyword: string) =>
    ['lighting', 'target-options', kind, projectId, keyword] as const,
  overview: ['lighting', 'overview'] as const,
  alarmedPoles: ['lighting', 'alarmed-poles'] as const,
};

/** What a change to groups makes stale: the group list and every other query of groups. */
export const groupQueries = () => [listKey(groupRoutes.list), lightingKeys.groups];
