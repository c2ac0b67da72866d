import type { AreaTreeNode } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { areaTree } from '../api/poles';

export type ProjectOption = { value: string; label: string };
export type RoadOption = { value: string; label: string; projectId: string };

/** Projects → areas → roads of the caller (the area tree), as select options. */
export function useProjects() {
  const query = useQuery({ queryKey: ['lighting', 'area-tree'], queryFn: areaTree, staleTime: 60_000 });
  const tree: AreaTreeNode[] = query.data ?? [];
  const projects: ProjectOption[] = tree
    .filter((n) => n.type === 'project')
    .map((n) => ({ value: n.id, label: n.title }));
  const roads: RoadOption[] = [];
  for (const project of tree)
    for (const area of project.children ?? [])
      for (const road of area.children ?? [])
        roads.push({ value: road.id, label: `${area.title} / ${road.title}`, projectId: project.id });
  return { tree, projects, roads, loading: query.isLoading };
}
