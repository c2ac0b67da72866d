import { KEY_PATTERN, text } from '../../field-spec';

/** The translation form's fields. */
export const i18nFields = {
  key: text({
    required: 'form.i18n_key.required',
    max: 200,
    pattern: { regex: KEY_PATTERN, message: 'form.i18n_key.chars' },
  }),
  zhCn: text({ required: 'form.i18n_text.required', max: 500 }),
  enUs: text({ required: 'form.i18n_text.required', max: 500 }),
};
