import { numeric, text } from '../../field-spec';

/** The department form's fields. */
export const departFields = {
  departName: text({ required: 'form.depart_name.required', max: 100 }),
  departOrder: numeric({
    integer: true,
    min: 0,
    max: 1_000_000_000,
    message: 'form.positive_int',
    default: 0,
  }),
  description: text({ optional: true, max: 500 }),
};
