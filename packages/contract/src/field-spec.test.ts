import { describe, expect, it } from 'vitest';
import { choice, numeric, text } from './field-spec';
import { zodOf, zodShape } from './field-spec.schemas';
import { roleFields } from './system/role/role.fields';

/** The first message zod gives for `value`, or the parsed value. */
const outcome =
  (schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } }) =>
  (value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) return { value: result.data };
    return { message: (result.error as { issues: { message: string }[] }).issues[0]?.message };
  };

describe('zodOf', () => {
  it('required text: trimmed, missing and blank refused with its message, then length, pattern and check', () => {
    const parse = outcome(
      zodOf(
        text({
          required: 'form.username.required',
          min: 2,
          max: 5,
          message: 'form.username.length',
          pattern: { regex: /^[a-z]+$/, message: 'form.username.chars' },
          check: { test: (v) => v !== 'root', message: 'form.required' },
        }),
      ),
    );
    expect(parse(undefined)).toEqual({ message: 'form.username.required' });
    expect(parse('  ')).toEqual({ message: 'form.username.length' });
    expect(parse(' ab ')).toEqual({ value: 'ab' });
    expect(parse('abcdef')).toEqual({ message: 'form.username.length' });
    expect(parse('a1b')).toEqual({ message: 'form.username.chars' });
    expect(parse('root')).toEqual({ message: 'form.required' });
  });

  it('required text without a minimum refuses blank with the required message; max says too long', () => {
    const parse = outcome(zodOf(text({ required: 'form.realname.required', max: 3 })));
    expect(parse('')).toEqual({ message: 'form.realname.required' });
    expect(parse('abcd')).toEqual({ message: 'form.too_long' });
  });

  it('optional text stores null for absent or blank, and checks a pattern only on a value', () => {
    const parse = outcome(
      zodOf(text({ optional: true, max: 11, pattern: { regex: /^\d+$/, message: 'form.phone.invalid' } })),
    );
    expect(parse(undefined)).toEqual({ value: null });
    expect(parse(null)).toEqual({ value: null });
    expect(parse('  ')).toEqual({ value: null });
    expect(parse(' 123 ')).toEqual({ value: '123' });
    expect(parse('12a')).toEqual({ message: 'form.phone.invalid' });
  });

  it('text with a default: absent takes it, blank passes unless required, untrimmed when asked', () => {
    expect(outcome(zodOf(text({ max: 9, default: 'x' })))(undefined)).toEqual({ value: 'x' });
    expect(outcome(zodOf(text({ max: 9, default: 'x' })))('')).toEqual({ value: '' });
    const zone = outcome(
      zodOf(
        text({
          required: 'form.time_zone.invalid',
          max: 64,
          check: { test: (v) => v.includes('/'), message: 'form.time_zone.invalid' },
          default: 'Asia/Shanghai',
        }),
      ),
    );
    expect(zone(undefined)).toEqual({ value: 'Asia/Shanghai' });
    expect(zone('')).toEqual({ message: 'form.time_zone.invalid' });
    expect(
      outcome(zodOf(text({ required: 'form.password.min', min: 2, max: 9, trim: false })))(' a '),
    ).toEqual({
      value: ' a ',
    });
  });

  it('numbers: coerced, their message for anything out of range, not whole or no number', () => {
    const parse = outcome(
      zodOf(numeric({ integer: true, min: 0, max: 10, message: 'form.positive_int', default: 0 })),
    );
    expect(parse(undefined)).toEqual({ value: 0 });
    expect(parse('7')).toEqual({ value: 7 });
    for (const bad of ['x', -1, 11, 1.5]) expect(parse(bad)).toEqual({ message: 'form.positive_int' });
  });

  it('choices: one of the values, its default when absent', () => {
    const parse = outcome(zodOf(choice(['L', 'M'], { message: 'form.status.invalid', default: 'M' })));
    expect(parse(undefined)).toEqual({ value: 'M' });
    expect(parse('L')).toEqual({ value: 'L' });
    expect(parse('X')).toEqual({ message: 'form.status.invalid' });
  });

  it('builds the shape of a module’s fields', () => {
    const shape = zodShape(roleFields);
    expect(Object.keys(shape)).toEqual(['roleName', 'roleCode', 'description']);
    expect(outcome(shape.roleCode)('角色')).toEqual({ message: 'form.role_code.chinese' });
  });
});
