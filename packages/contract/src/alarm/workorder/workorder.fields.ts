import { text } from '../../field-spec';

/** The work order form's fields. */
export const workOrderFields = {
  title: text({ required: 'form.workorder_title.required', max: 100 }),
  description: text({ optional: true, max: 2000 }),
};

/** A note's text, and how many photos it may carry (each at most 5 MB and 4096×4096). */
export const workOrderNoteFields = { text: text({ required: 'form.required', max: 2000 }) };
export const WORK_ORDER_PHOTOS_MAX = 6;
