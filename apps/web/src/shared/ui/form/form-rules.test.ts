import { formMessages, PHONE_PATTERN } from '@ics/contract';
import { describe, expect, it } from 'vitest';
import { formRules, serverFieldName } from './form-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const run = (rule: unknown, value: unknown) => (rule as { validator: Validator }).validator({}, value);

describe('form rules mirror the contract messages', () => {
  const r = formRules('zh-CN');

  it('uses the shared texts', () => {
    expect(r.required('form.username.required')).toMatchObject({
      required: true,
      message: formMessages['zh-CN']['form.username.required'],
    });
    expect(formRules('en-US').text('form.phone.invalid')).toBe(formMessages['en-US']['form.phone.invalid']);
  });

  it('checks length, pattern, range and forbidden characters', async () => {
    await expect(run(r.length(2, 30, 'form.username.length'), 'a')).rejects.toThrow(
      formMessages['zh-CN']['form.username.length'],
    );
    await expect(run(r.length(2, 30, 'form.username.length'), 'ab')).resolves.toBeUndefined();
    await expect(run(r.pattern(PHONE_PATTERN, 'form.phone.invalid'), '123')).rejects.toThrow();
    await expect(run(r.pattern(PHONE_PATTERN, 'form.phone.invalid'), '')).resolves.toBeUndefined();
    await expect(run(r.range(-180, 180, 'form.longitude.range'), 181)).rejects.toThrow(
      formMessages['zh-CN']['form.longitude.range'],
    );
    await expect(run(r.range(0, 1e9, 'form.positive_int', true), 1.5)).rejects.toThrow();
    await expect(run(r.notPattern(/[\u4e00-\u9fa5]/, 'form.role_code.chinese'), '角色')).rejects.toThrow(
      formMessages['zh-CN']['form.role_code.chinese'],
    );
  });

  it('maps server field paths to form names', () => {
    expect(serverFieldName('username')).toEqual(['username']);
    expect(serverFieldName('items.0.name')).toEqual(['items', 0, 'name']);
    expect(serverFieldName('body')).toBeUndefined();
    expect(serverFieldName(undefined)).toBeUndefined();
  });
});
