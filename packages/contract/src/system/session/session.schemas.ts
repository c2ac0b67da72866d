import { z } from 'zod';
import { textInput } from '../../text-input.schemas';
import { PHONE_PATTERN } from '../user/user.fields';
import { PASSWORD_MIN, SMS_CODE_PATTERN } from './session.fields';

const username = textInput().trim().min(1, 'username').max(64);
const password = textInput().min(1, 'password').max(128);

export const loginBodySchema = z.object({
  username,
  password,
  captcha: textInput().max(16).optional(),
  checkKey: z.union([textInput(), z.number()]).optional(),
  remember_me: z.boolean().optional(),
});

export const phoneSchema = textInput().regex(PHONE_PATTERN, 'phone');
export const smsCodeSchema = textInput().regex(SMS_CODE_PATTERN, 'captcha');

export const phoneLoginBodySchema = z.object({ mobile: phoneSchema, captcha: smsCodeSchema });

/** Purpose of a one-time SMS code: 0 register, 1 login, 2 forgotten password. */
export const smsBodySchema = z.object({ mobile: phoneSchema, smsmode: z.enum(['0', '1', '2']) });

export const selectDepartBodySchema = z.object({ username, orgCode: textInput().trim().min(1).max(64) });

export const updatePasswordBodySchema = z.object({
  username,
  oldpassword: password,
  password: textInput().min(PASSWORD_MIN, 'password.min').max(128),
  confirmpassword: textInput().min(1).max(128),
});

export const registerBodySchema = z.object({
  username: textInput()
    .trim()
    .min(3, 'username.min')
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, 'username.chars'),
  password: textInput().min(PASSWORD_MIN, 'password.min').max(128),
  phone: phoneSchema,
  smscode: smsCodeSchema,
  email: textInput().trim().email('email').max(100).optional().or(z.literal('')),
});

export const passwordResetBodySchema = z.object({
  phone: phoneSchema,
  smscode: smsCodeSchema,
  password: textInput().min(PASSWORD_MIN, 'password.min').max(128),
});

export const permissionQuerySchema = z.object({
  token: textInput().optional(),
  lang: z.enum(['zh-CN', 'en-US']).optional(),
  _t: z.coerce.number().optional(),
});

export const casQuerySchema = z.object({
  ticket: textInput().min(1).max(512),
  service: textInput().url().max(1024),
});

export const captchaParamsSchema = z.object({ key: textInput().min(1).max(64) });
export const loginUserParamsSchema = z.object({ username: textInput().min(1).max(64) });

export const sessionRouteSchemas = {
  login: { body: loginBodySchema },
  randomImage: { params: captchaParamsSchema },
  sms: { body: smsBodySchema },
  phoneLogin: { body: phoneLoginBodySchema },
  getLoginUser: { params: loginUserParamsSchema },
  permissions: { query: permissionQuerySchema },
  selectDepart: { body: selectDepartBodySchema },
  updatePassword: { body: updatePasswordBodySchema },
  casValidate: { query: casQuerySchema },
  register: { body: registerBodySchema },
  passwordReset: { body: passwordResetBodySchema },
};
