import { formMessages, projectFields, roleFields, userFields, userPasswordField } from '@ics/contract';
import type { Rule } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { rulesOf } from './rules-of';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const zh = formMessages['zh-CN'];

/** The message of the first rule that refuses `value` (antd's `required` included), or undefined. */
async function firstRefusal(rules: Rule[], value: unknown): Promise<string | undefined> {
  for (const rule of rules as Array<{ required?: boolean; message?: string; validator?: Validator }>) {
    const blank = value === undefined || value === null || String(value).trim() === '';
    if (rule.required && blank) return rule.message;
    try {
      await rule.validator?.({}, value);
    } catch (e) {
      return (e as Error).message;
    }
  }
  return undefined;
}

describe('rulesOf', () => {
  it('says what the server says about text: required, length, pattern, check', async () => {
    const username = rulesOf(userFields.username, 'zh-CN');
    expect(await firstRefusal(username, ' ')).toBe(zh['form.username.required']);
    expect(await firstRefusal(username, 'a')).toBe(zh['form.username.length']);
    expect(await firstRefusal(username, 'a'.repeat(31))).toBe(zh['form.username.length']);
    expect(await firstRefusal(username, 'a b')).toBe(zh['form.username.chars']);
    expect(await firstRefusal(username, ' alice ')).toBeUndefined();
    expect(await firstRefusal(rulesOf(roleFields.roleCode, 'zh-CN'), '角色')).toBe(
      zh['form.role_code.chinese'],
    );
    expect(await firstRefusal(rulesOf(roleFields.description, 'zh-CN'), 'x'.repeat(256))).toBe(
      zh['form.too_long'],
    );
  });

  it('leaves an optional field empty and checks its pattern only on a value', async () => {
    const phone = rulesOf(userFields.phone, 'en-US');
    expect(await firstRefusal(phone, '')).toBeUndefined();
    expect(await firstRefusal(phone, '123')).toBe(formMessages['en-US']['form.phone.invalid']);
    expect(await firstRefusal(phone, '13812345678')).toBeUndefined();
  });

  it('counts a password as typed', async () => {
    const password = rulesOf(userPasswordField, 'zh-CN');
    expect(password).toContainEqual(expect.objectContaining({ required: true, whitespace: false }));
    expect(await firstRefusal(password, '  abc ')).toBeUndefined();
    expect(await firstRefusal(password, 'abc')).toBe(zh['form.password.min']);
  });

  it('checks numbers against their range, and a text check such as a time zone', async () => {
    const longitude = rulesOf(projectFields.longitude, 'zh-CN');
    expect(await firstRefusal(longitude, undefined)).toBe(zh['form.longitude.range']);
    expect(await firstRefusal(longitude, 181)).toBe(zh['form.longitude.range']);
    expect(await firstRefusal(longitude, '117.2')).toBeUndefined();
    const timeZone = rulesOf(projectFields.timeZone, 'zh-CN');
    expect(await firstRefusal(timeZone, 'Mars/Base')).toBe(zh['form.time_zone.invalid']);
    expect(await firstRefusal(timeZone, 'Asia/Shanghai')).toBeUndefined();
  });
});
