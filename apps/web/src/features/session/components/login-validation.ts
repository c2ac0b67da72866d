import { PHONE_PATTERN, SMS_PATTERN } from './patterns';

export type LoginMode = 'account' | 'phone';
export type LoginFields = {
  username: string;
  password: string;
  captcha: string;
  mobile: string;
  smsCode: string;
};
export type LoginField = keyof LoginFields;
/** Keys of the `auth` namespace's `rules` texts. */
export type LoginRule = 'username' | 'password' | 'captcha' | 'mobile' | 'smsCode';
export type LoginErrors = Partial<Record<LoginField, LoginRule>>;

/** Which fields a mode submits (the captcha only once the server asked for one). */
export function fieldsOf(mode: LoginMode, withCaptcha: boolean): LoginField[] {
  if (mode === 'phone') return ['mobile', 'smsCode'];
  return withCaptcha ? ['username', 'password', 'captcha'] : ['username', 'password'];
}

export function validateField(field: LoginField, value: string): LoginRule | undefined {
  const v = field === 'password' ? value : value.trim();
  switch (field) {
    case 'username':
    case 'password':
    case 'captcha':
      return v ? undefined : field;
    case 'mobile':
      return PHONE_PATTERN.test(v) ? undefined : 'mobile';
    case 'smsCode':
      return SMS_PATTERN.test(v) ? undefined : 'smsCode';
  }
}

export function validateLogin(fields: readonly LoginField[], values: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of fields) {
    const rule = validateField(field, values[field]);
    if (rule) errors[field] = rule;
  }
  return errors;
}
