import { crudOperations, crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import type { projectCrudSchemas } from './project.schemas';

export type ProjectRecord = {
  id: string;
  name: string;
  code: string;
  region: string | null;
  longitude: number;
  latitude: number;
  timeZone: string;
  description: string | null;
  createTime: string;
  /** Comma string of the departments that may see the project. */
  departIds: string;
};

const projects = crudRoutes<typeof projectCrudSchemas, SysResults<ProjectRecord>>({
  base: '/sys/project',
  tag: 'system-project',
  marks: marks.system.project,
  name: ['a project', 'projects'],
});

export const projectRoutes = projects(crudOperations);
