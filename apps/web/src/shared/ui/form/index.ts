export { DictSelect, type DictSelectProps, useDictOptions } from './dict-select';
export { EntityFormModal, type EntityFormOptions, FORM_ERROR_STATUSES, useEntityForm } from './entity-form';
export { type FormRules, formRules, serverFieldName } from './form-rules';
export { useFormRules } from './use-form-rules';
