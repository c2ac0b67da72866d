import { z } from 'zod';

/**
 * Control characters no person types into a form: C0 controls other than tab, line feed and
 * carriage return, DEL, and halves of a surrogate pair standing alone. NUL above all: PostgreSQL
 * cannot store it in text or JSON, so it must be refused with the input, never reach a query.
 */
const CONTROL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);

/** Whether any string in a JSON value (keys included) holds a control character. */
export function jsonHasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacter(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => jsonHasControlCharacter(v, depth + 1));
  return Object.entries(value).some(
    ([key, v]) => hasControlCharacter(key) || jsonHasControlCharacter(v, depth + 1),
  );
}

/**
 * Every text a client sends: a string without control characters (`form.control_chars`).
 * The contract's schemas use it instead of `z.string()`.
 */
export const textInput = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasControlCharacter(value), 'form.control_chars');

/** Free-form JSON a client sends (command parameters): no control character in any string. */
export const jsonInput = () =>
  z.unknown().refine((value) => !jsonHasControlCharacter(value), 'form.control_chars');
