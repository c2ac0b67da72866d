import { KEY_PATTERN, numeric, text } from '../../field-spec';

/** The dictionary form's fields. */
export const dictFields = {
  dictName: text({ required: 'form.dict_name.required', max: 100 }),
  dictCode: text({
    required: 'form.dict_code.required',
    max: 100,
    pattern: { regex: KEY_PATTERN, message: 'form.i18n_key.chars' },
  }),
  description: text({ optional: true, max: 255 }),
};

/** The dictionary item form's fields. */
export const dictItemFields = {
  itemText: text({ required: 'form.item_text.required', max: 100 }),
  itemValue: text({ required: 'form.item_value.required', max: 100 }),
  description: text({ optional: true, max: 255 }),
  sortOrder: numeric({ integer: true, min: 0, max: 1_000_000_000, message: 'form.positive_int', default: 0 }),
};
