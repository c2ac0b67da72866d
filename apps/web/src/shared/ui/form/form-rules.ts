import { type FormMessageKey, formMessage, type Language } from '@ics/contract';
import type { Rule } from 'antd/es/form';

/**
 * antd rules that mirror the server's zod rules with the same messages: the contract's form
 * message keys (`formMessages`), so the client and the server say the same thing.
 */
export function formRules(lang: Language) {
  const text = (key: FormMessageKey) => formMessage(lang, key) ?? key;
  const required = (key: FormMessageKey = 'form.required'): Rule => ({
    required: true,
    whitespace: true,
    message: text(key),
  });
  const max = (limit: number, key: FormMessageKey = 'form.too_long'): Rule => ({
    validator: async (_r, value: unknown) => {
      if (typeof value === 'string' && value.trim().length > limit) throw new Error(text(key));
    },
  });
  return {
    text,
    required,
    /** A required text of at most `limit` characters (`key` says it is missing). */
    requiredMax: (limit: number, key?: FormMessageKey): Rule[] => [required(key), max(limit)],
    requiredValue: (key: FormMessageKey = 'form.required'): Rule => ({ required: true, message: text(key) }),
    length: (min: number, max: number, key: FormMessageKey): Rule => ({
      validator: async (_r, value: unknown) => {
        const v = typeof value === 'string' ? value.trim() : '';
        if (v === '') return;
        if (v.length < min || v.length > max) throw new Error(text(key));
      },
    }),
    max,
    pattern: (pattern: RegExp, key: FormMessageKey): Rule => ({
      validator: async (_r, value: unknown) => {
        const v = typeof value === 'string' ? value.trim() : '';
        if (v !== '' && !pattern.test(v)) throw new Error(text(key));
      },
    }),
    /** The value must not match (role codes without Chinese characters). */
    notPattern: (pattern: RegExp, key: FormMessageKey): Rule => ({
      validator: async (_r, value: unknown) => {
        if (typeof value === 'string' && pattern.test(value)) throw new Error(text(key));
      },
    }),
    range: (min: number, max: number, key: FormMessageKey, integer = false): Rule => ({
      validator: async (_r, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const n = Number(value);
        if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
          throw new Error(text(key));
      },
    }),
    /** The value must equal another field's (a repeated password); check it with `dependencies`. */
    sameAs:
      (field: string, key: FormMessageKey): Rule =>
      ({ getFieldValue }) => ({
        validator: async (_r, value: unknown) => {
          if (value && value !== getFieldValue(field)) throw new Error(text(key));
        },
      }),
    custom: (check: (value: unknown) => boolean, key: FormMessageKey): Rule => ({
      validator: async (_r, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        if (!check(value)) throw new Error(text(key));
      },
    }),
  };
}

export type FormRules = ReturnType<typeof formRules>;

/** A server field error (400 with `result.field`, a dotted path) as antd's field name. */
export function serverFieldName(field: unknown): (string | number)[] | undefined {
  if (typeof field !== 'string' || !field || field === 'body' || field === 'querystring') return undefined;
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
