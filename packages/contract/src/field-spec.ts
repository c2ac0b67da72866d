import type { FormMessageKey } from './form-messages';

/**
 * Field specs: the limits of a form field, stated once. The server builds its zod schema from
 * a spec (`zodOf`, `@ics/contract/server`) and the console its form rules (`rulesOf`), so both
 * refuse the same values with the same message (a `form.*` key of `formMessages`).
 */

/** A test the value must pass (checked only when there is a value). */
export type FieldCheck = { test: (value: string) => boolean; message: FormMessageKey };

export type TextSpec = {
  kind: 'text';
  /** Missing or blank is refused with this message. */
  required?: FormMessageKey;
  /** Missing, null or blank is stored as null. */
  optional?: true;
  /** Fewest characters (after trimming), refused with `message` (else `required`'s). */
  min?: number;
  /** Most characters (after trimming), refused with `message` (else `form.too_long`). */
  max: number;
  message?: FormMessageKey;
  /** The value is kept as typed (passwords); by default it is trimmed. */
  trim?: false;
  pattern?: { regex: RegExp; message: FormMessageKey };
  check?: FieldCheck;
  /** The value of a missing field (blank is then allowed unless `required`). */
  default?: string;
};

export type NumberSpec = {
  kind: 'number';
  /** A missing value is refused with this message (the console's; the server then sees no number). */
  required?: FormMessageKey;
  min?: number;
  max?: number;
  integer?: true;
  /** What a value that is no number, out of range or not whole is refused with. */
  message?: FormMessageKey;
  default?: number;
};

export type ChoiceSpec<V extends string = string> = {
  kind: 'choice';
  values: readonly [V, ...V[]];
  /** Nothing chosen is refused with this message (by the console; the server uses `default`). */
  required?: FormMessageKey;
  /** What a value outside `values` is refused with. */
  message?: FormMessageKey;
  default?: V;
};

export type FieldSpec = TextSpec | NumberSpec | ChoiceSpec;

type Options<S> = Omit<S, 'kind'>;

/** Text: trimmed, at most `max` characters; see `TextSpec`. */
export const text = <const O extends Options<TextSpec>>(options: O) => ({
  kind: 'text' as const,
  ...options,
});

/** A number (sent as a number or a numeric string); see `NumberSpec`. */
export const numeric = <const O extends Options<NumberSpec>>(options: O) => ({
  kind: 'number' as const,
  ...options,
});

/** One of `values`; see `ChoiceSpec`. */
export const choice = <const V extends string, const O extends Omit<Options<ChoiceSpec<V>>, 'values'>>(
  values: readonly [V, ...V[]],
  options: O,
) => ({ kind: 'choice' as const, values, ...options });

/** Keys and codes: letters, digits, `_`, `.` and `-` (dictionary codes, translation keys, rule codes). */
export const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;
