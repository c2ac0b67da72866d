import { type AreaTreeNode, DEFAULT_TIME_ZONE } from '@ics/contract';
import type { FormInstance } from 'antd/es/form';
import { useAreaTree } from '../api/get-area-tree';

export type ProjectOption = { value: string; label: string; timeZone: string };
export type RoadOption = { value: string; label: string; projectId: string };

/** Projects → areas → roads of the caller (the area tree), as select options. */
export function useProjects() {
  const query = useAreaTree();
  const tree: AreaTreeNode[] = query.data ?? [];
  const projects: ProjectOption[] = tree
    .filter((n) => n.type === 'project')
    .map((n) => ({ value: n.id, label: n.title, timeZone: n.timeZone ?? DEFAULT_TIME_ZONE }));
  const roads: RoadOption[] = [];
  for (const project of tree)
    for (const area of project.children ?? [])
      for (const road of area.children ?? [])
        roads.push({ value: road.id, label: `${area.title} / ${road.title}`, projectId: project.id });
  return { tree, projects, roads, loading: query.isLoading };
}

/** Clears an add form; with one project only, that project is chosen already. */
export function resetWithProject(form: FormInstance, projects: readonly ProjectOption[]) {
  form.resetFields();
  if (projects.length === 1) form.setFieldValue('projectId', projects[0]?.value);
}
