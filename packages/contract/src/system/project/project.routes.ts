import { z } from 'zod';
import {
  type ListPage,
  listQuerySchema,
  optionalText,
  sysIdQuerySchema,
  sysIdsQuerySchema,
} from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

const tag = 'system-project';

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

/** True when `name` is a time zone this runtime knows (IANA names such as Asia/Shanghai). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

const projectFields = {
  name: z
    .string({ error: 'form.project_name.required' })
    .trim()
    .min(1, 'form.project_name.required')
    .max(100, 'form.too_long'),
  code: z
    .string({ error: 'form.project_code.required' })
    .trim()
    .min(1, 'form.project_code.required')
    .max(64, 'form.too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'form.project_code.chars'),
  region: optionalText(100),
  longitude: z.coerce
    .number({ error: 'form.longitude.range' })
    .min(-180, 'form.longitude.range')
    .max(180, 'form.longitude.range'),
  latitude: z.coerce
    .number({ error: 'form.latitude.range' })
    .min(-90, 'form.latitude.range')
    .max(90, 'form.latitude.range'),
  timeZone: z.string().trim().max(64).default('Asia/Shanghai').refine(isTimeZone, 'form.time_zone.invalid'),
  description: optionalText(500),
  departIds: z.string().max(20_000).nullish(),
};
export const projectAddSchema = z.object(projectFields);
export const projectEditSchema = z.object({ id: z.string().min(1).max(64), ...projectFields });

export const projectRoutes = {
  list: defineRoute<ListPage<ProjectRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/project/list',
    access: mark(marks.system.project.list),
    summary: 'List projects',
    tag,
    query: listQuerySchema,
  }),
  queryById: defineRoute<ProjectRecord, undefined, typeof sysIdQuerySchema>({
    method: 'GET',
    path: '/sys/project/queryById',
    access: mark(marks.system.project.list),
    summary: 'One project',
    tag,
    query: sysIdQuerySchema,
  }),
  add: defineRoute<{ id: string }, typeof projectAddSchema>({
    method: 'POST',
    path: '/sys/project/add',
    access: mark(marks.system.project.add),
    summary: 'Add a project',
    tag,
    body: projectAddSchema,
  }),
  edit: defineRoute<null, typeof projectEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/project/edit',
    access: mark(marks.system.project.edit),
    summary: 'Edit a project',
    tag,
    body: projectEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/project/delete',
    access: mark(marks.system.project.delete),
    summary: 'Delete a project',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/project/deleteBatch',
    access: mark(marks.system.project.delete),
    summary: 'Delete projects',
    tag,
    query: sysIdsQuerySchema,
  }),
  exportXls: defineRoute<null, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/project/exportXls',
    access: mark(marks.system.project.export),
    summary: 'Export projects as .xlsx',
    tag,
    query: listQuerySchema,
  }),
} as const;
