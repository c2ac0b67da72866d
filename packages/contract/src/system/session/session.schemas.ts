import { z } from 'zod';
import { PHONE_PATTERN } from '../user/user.fields';
import { PASSWORD_MIN, SMS_CODE_PATTERN } from './session.fields';

const username = z.string().trim().min(1, 'username').max(64);
const password = z.string().min(1, 'password').max(128);

export const loginBodySchema = z.object({
  username,
  password,
  captcha: z.string().max(16).optional(),
  checkKey: z.union([z.string(), z.number()]).optional(),
  remember_me: z.boolean().optional(),
});

export const phoneSchema = z.string().regex(PHONE_PATTERN, 'phone');
export const smsCodeSchema = z.string().regex(SMS_CODE_PATTERN, 'captcha');

export const phoneLoginBodySchema = z.object({ mobile: phoneSchema, captcha: smsCodeSchema });

/** Purpose of a one-time SMS code: 0 register, 1 login, 2 forgotten password. */
export const smsBodySchema = z.object({ mobile: phoneSchema, smsmode: z.enum(['0', '1', '2']) });

export const selectDepartBodySchema = z.object({ username, orgCode: z.string().trim().min(1).max(64) });

export const updatePasswordBodySchema = z.object({
  username,
  oldpassword: password,
  password: z.string().min(PASSWORD_MIN, 'password.min').max(128),
  confirmpassword: z.string().min(1).max(128),
});

export const registerBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'username.min')
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, 'username.chars'),
  password: z.string().min(PASSWORD_MIN, 'password.min').max(128),
  phone: phoneSchema,
  smscode: smsCodeSchema,
  email: z.string().trim().email('email').max(100).optional().or(z.literal('')),
});

export const passwordResetBodySchema = z.object({
  phone: phoneSchema,
  smscode: smsCodeSchema,
  password: z.string().min(PASSWORD_MIN, 'password.min').max(128),
});

export const permissionQuerySchema = z.object({
  token: z.string().optional(),
  lang: z.enum(['zh-CN', 'en-US']).optional(),
  _t: z.coerce.number().optional(),
});

export const casQuerySchema = z.object({
  ticket: z.string().min(1).max(512),
  service: z.string().url().max(1024),
});

export const captchaParamsSchema = z.object({ key: z.string().min(1).max(64) });
export const loginUserParamsSchema = z.object({ username: z.string().min(1).max(64) });

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
