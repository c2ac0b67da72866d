export { DictSelect, type DictSelectProps } from '../dict';
export {
  EntityFormModal,
  type EntityFormOptions,
  FORM_ERROR_STATUSES,
  recordValues,
  useEntityForm,
} from './entity-form';
export { type FormRules, formRules, serverFieldName } from './form-rules';
export { rulesOf } from './rules-of';
export { formSave, formSaveHooks } from './save-hooks';
export { SortOrderField, TextField, type TextFieldProps } from './text-field';
export { useFormRules } from './use-form-rules';
