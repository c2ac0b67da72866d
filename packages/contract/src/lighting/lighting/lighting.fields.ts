import { numeric, text } from '../../field-spec';
import { nameField, projectIdField } from '../device/device.fields';

export const controlActions = ['on', 'off', 'dim'] as const;
export type ControlAction = (typeof controlActions)[number];

/** What a control addresses: lamps by id, or every lamp of groups, gateways or projects. */
export const controlScopes = ['lamps', 'group', 'gateway', 'project'] as const;
export type ControlScope = (typeof controlScopes)[number];

/** What a strategy applies to. */
export const strategyTargetKinds = ['lamp', 'group', 'gateway', 'project'] as const;
export type StrategyTargetKind = (typeof strategyTargetKinds)[number];

/** The group form's fields. */
export const groupFields = { projectId: projectIdField, name: nameField };

/** The cabinet form's fields. */
export const cabinetFields = {
  projectId: projectIdField,
  code: text({ required: 'form.required', max: 64 }),
  name: nameField,
};

/** The circuit form's fields. */
export const circuitFields = {
  channel: numeric({
    required: 'form.required',
    integer: true,
    min: 1,
    max: 64,
    message: 'form.channel.range',
  }),
  name: nameField,
};

/** The strategy form's fields (its actions and targets are edited row by row). */
export const strategyFields = { projectId: projectIdField, name: nameField };
