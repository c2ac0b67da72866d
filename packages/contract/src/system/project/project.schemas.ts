import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { zodShape } from '../../field-spec.schemas';
import { sysCrudQueries } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { projectFields } from './project.fields';

const projectShape = {
  ...zodShape(projectFields),
  departIds: textInput().max(20_000).nullish(),
};
export const projectAddSchema = z.object(projectShape);
export const projectEditSchema = z.object({ id: textInput().min(1).max(64), ...projectShape });

export const projectCrudSchemas = { ...sysCrudQueries, add: projectAddSchema, edit: projectEditSchema };

export const projectRouteSchemas = crudBindings(projectCrudSchemas);
