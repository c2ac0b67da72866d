import {
  type FieldCheck,
  type FieldSpec,
  type FormMessageKey,
  formMessage,
  type Language,
  type NumberSpec,
  type TextSpec,
} from '@ics/contract';
import type { Rule } from 'antd/es/form';

type Text = (key: FormMessageKey) => string;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A rule that refuses a present value failing `test` with `message`. */
const refuse = (test: (value: unknown) => boolean, message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (!isEmpty(value) && !test(value)) throw new Error(message);
  },
});

function textRules(spec: TextSpec, text: Text): Rule[] {
  const rules: Rule[] = [];
  if (spec.required)
    rules.push({ required: true, whitespace: spec.trim !== false, message: text(spec.required) });
  const typed = (value: unknown) => (typeof value === 'string' && spec.trim !== false ? value.trim() : value);
  const length = (value: unknown) => String(typed(value)).length;
  const { min, pattern, check } = spec;
  const minMessage = spec.message ?? spec.required;
  if (min !== undefined && minMessage)
    rules.push(refuse((v) => length(v) === 0 || length(v) >= min, text(minMessage)));
  rules.push(refuse((v) => length(v) <= spec.max, text(spec.message ?? 'form.too_long')));
  const passes = ({ test, message }: FieldCheck) =>
    refuse((v) => String(typed(v)) === '' || test(String(typed(v))), text(message));
  if (pattern) rules.push(passes({ test: (v) => pattern.regex.test(v), message: pattern.message }));
  if (check) rules.push(passes(check));
  return rules;
}

function numberRules(spec: NumberSpec, text: Text): Rule[] {
  const rules: Rule[] = [];
  if (spec.required) rules.push({ required: true, message: text(spec.required) });
  const message = spec.message ?? spec.required;
  if (message) {
    const fits = (n: number) =>
      Number.isFinite(n) &&
      (spec.min === undefined || n >= spec.min) &&
      (spec.max === undefined || n <= spec.max) &&
      (!spec.integer || Number.isInteger(n));
    rules.push(refuse((v) => fits(Number(v)), text(message)));
  }
  return rules;
}

/**
 * The antd rules of a contract field spec: the limits the server's schema (`zodOf`) checks,
 * refused with the same texts, so a form says what the server would say before sending.
 */
export function rulesOf(spec: FieldSpec, lang: Language): Rule[] {
  const text: Text = (key) => formMessage(lang, key) ?? key;
  if (spec.kind === 'text') return textRules(spec, text);
  if (spec.kind === 'number') return numberRules(spec, text);
  return spec.required ? [{ required: true, message: text(spec.required) }] : [];
}
