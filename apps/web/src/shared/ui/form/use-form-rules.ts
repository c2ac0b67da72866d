import { toLanguage } from '@ics/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormRules, formRules } from './form-rules';

/** Form rules in the UI language. */
export function useFormRules(): FormRules {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  return useMemo(() => formRules(lang), [lang]);
}
