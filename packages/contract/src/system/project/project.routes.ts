import { crudOperations, crudRoutes, type SysResults } from '../../crud-routes';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { DepartTreeNode } from '../depart/depart.routes';
import type { projectCrudSchemas } from './project.schemas';

export type ProjectRecord = {
  id: string;
  /** The Chinese name, as entered (`localName` is the one to show). */
  name: string;
  /** The English name, as entered; null when there is none. */
  nameEn: string | null;
  /** The name in the request's language. */
  localName: string;
  code: string;
  region: string | null;
  longitude: number;
  latitude: number;
  timeZone: string;
  description: string | null;
  descriptionEn: string | null;
  /** The description in the request's language. */
  localDescription: string | null;
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

export const projectRoutes = {
  ...projects(crudOperations),
  /** The departments a project can be made visible to (the form's picker), named in the caller's language. */
  departTree: defineRoute<DepartTreeNode[]>({
    method: 'GET',
    path: '/sys/project/departTree',
    access: mark(marks.system.project.list),
    summary: 'The department tree for choosing who sees a project',
    tag: 'system-project',
  }),
};
