import { text } from '../../field-spec';
import { PASSWORD_MIN } from '../session/session.fields';

/** Mainland mobile numbers. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The user form's fields. */
export const userFields = {
  username: text({
    required: 'form.username.required',
    min: 2,
    max: 30,
    message: 'form.username.length',
    pattern: { regex: /^[A-Za-z0-9_.@-]+$/, message: 'form.username.chars' },
  }),
  realname: text({ required: 'form.realname.required', max: 64 }),
  phone: text({ optional: true, max: 11, pattern: { regex: PHONE_PATTERN, message: 'form.phone.invalid' } }),
  email: text({ optional: true, max: 100, pattern: { regex: EMAIL_PATTERN, message: 'form.email.invalid' } }),
  workNo: text({ optional: true, max: 64, message: 'form.work_no.length' }),
  post: text({ optional: true, max: 100 }),
  telephone: text({ optional: true, max: 45 }),
};

/** A new password (the user form, a password reset). */
export const userPasswordField = text({
  required: 'form.password.min',
  min: PASSWORD_MIN,
  max: 128,
  trim: false,
});
