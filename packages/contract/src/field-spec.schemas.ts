import { z } from 'zod';
import type { ChoiceSpec, FieldSpec, NumberSpec, TextSpec } from './field-spec';
import { textInput } from './text-input.schemas';

/** Optional text: absent, null and blank become null. */
type OptionalText = z.ZodPipe<
  z.ZodOptional<z.ZodNullable<z.ZodString>>,
  z.ZodTransform<string | null, string | null | undefined>
>;
type WithDefault<S, T extends z.ZodType> = S extends { default: unknown } ? z.ZodDefault<T> : T;

/** The zod schema of a field spec. */
export type ZodOf<S> = S extends TextSpec
  ? S extends { optional: true }
    ? OptionalText
    : WithDefault<S, z.ZodString>
  : S extends NumberSpec
    ? WithDefault<S, z.ZodCoercedNumber>
    : S extends ChoiceSpec<infer V>
      ? WithDefault<S, z.ZodEnum<{ [K in V]: K }>>
      : never;

function textSchema(spec: TextSpec) {
  // Blank is a value only where the field may stay empty; a required field refuses it by `min`.
  const blankPasses = (test: (v: string) => boolean) => (v: string) =>
    (!spec.required && v === '') || test(v);
  let schema = textInput(spec.required ? { error: spec.required } : undefined);
  if (spec.trim !== false) schema = schema.trim();
  if (spec.min !== undefined) schema = schema.min(spec.min, spec.message ?? spec.required);
  else if (spec.required) schema = schema.min(1, spec.required);
  schema = schema.max(spec.max, spec.message ?? 'form.too_long');
  const { pattern, check } = spec;
  if (pattern)
    schema = spec.required
      ? schema.regex(pattern.regex, pattern.message)
      : schema.refine(
          blankPasses((v) => pattern.regex.test(v)),
          pattern.message,
        );
  if (check) schema = schema.refine(blankPasses(check.test), check.message);
  if (spec.optional) return schema.nullish().transform((v) => (v ? v : null));
  return spec.default === undefined ? schema : schema.default(spec.default);
}

function numberSchema(spec: NumberSpec) {
  const message = spec.message ?? spec.required;
  let schema = z.coerce.number(message ? { error: message } : undefined);
  if (spec.integer) schema = schema.int(spec.message);
  if (spec.min !== undefined) schema = schema.min(spec.min, spec.message);
  if (spec.max !== undefined) schema = schema.max(spec.max, spec.message);
  return spec.default === undefined ? schema : schema.default(spec.default);
}

function choiceSchema(spec: ChoiceSpec) {
  const message = spec.message ?? spec.required;
  const schema = z.enum(spec.values, message ? { error: message } : undefined);
  return spec.default === undefined ? schema : schema.default(spec.default);
}

/** The server's schema of a field: what the console's `rulesOf` checks, with the same messages. */
export function zodOf<const S extends FieldSpec>(spec: S): ZodOf<S> {
  if (spec.kind === 'text') return textSchema(spec) as ZodOf<S>;
  if (spec.kind === 'number') return numberSchema(spec) as ZodOf<S>;
  return choiceSchema(spec) as ZodOf<S>;
}

/** The zod shape of a table of field specs (`z.object(zodShape(roleFields))`). */
export function zodShape<const T extends Record<string, FieldSpec>>(
  fields: T,
): { [K in keyof T]: ZodOf<T[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, zodOf(spec)])) as {
    [K in keyof T]: ZodOf<T[K]>;
  };
}
