import { describe, expect, it } from 'vitest';
import { fieldsOf, type LoginFields, validateLogin } from './login-validation';

const empty: LoginFields = { username: '', password: '', captcha: '', mobile: '', smsCode: '' };

describe('login validation', () => {
  it('asks for username and password, and the captcha once demanded', () => {
    expect(validateLogin(fieldsOf('account', false), empty)).toEqual({
      username: 'username',
      password: 'password',
    });
    expect(validateLogin(fieldsOf('account', true), { ...empty, username: 'a', password: 'b' })).toEqual({
      captcha: 'captcha',
    });
    expect(validateLogin(fieldsOf('account', false), { ...empty, username: '  ', password: ' ' })).toEqual({
      username: 'username',
    });
  });

  it('checks the phone number and the six-digit code', () => {
    expect(validateLogin(fieldsOf('phone', false), { ...empty, mobile: '1234', smsCode: '12345' })).toEqual({
      mobile: 'mobile',
      smsCode: 'smsCode',
    });
    expect(
      validateLogin(fieldsOf('phone', false), { ...empty, mobile: '13800138000', smsCode: '123456' }),
    ).toEqual({});
  });
});
