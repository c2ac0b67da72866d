import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysCrudQueries } from '../../list-query.schemas';
import { isTimeZone } from './project.fields';

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

export const projectCrudSchemas = { ...sysCrudQueries, add: projectAddSchema, edit: projectEditSchema };

export const projectRouteSchemas = crudBindings(projectCrudSchemas);
