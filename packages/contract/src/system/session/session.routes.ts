import { z } from 'zod';
import type { PermissionResult } from '../../menu';
import { defineRoute } from '../../route';

/** The signed-in user as the console sees it. Never carries a password or its hash. */
export type UserInfo = {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  departIds: string | null;
  userType: string;
  nickname: string | null;
  platFormTitleCn: string;
};

export type Depart = { id: string; departName: string; orgCode: string; parentId: string | null };

export type DictOption = { value: string; text: string; title: string };
export type DictCatalogue = Record<string, DictOption[]>;

export type LoginResult = {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  /** 0 no department, 1 exactly one (already selected), 2 several (the console asks). */
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: DictCatalogue;
};

const username = z.string().trim().min(1, 'username').max(64);
const password = z.string().min(1, 'password').max(128);

export const loginBodySchema = z.object({
  username,
  password,
  captcha: z.string().max(16).optional(),
  checkKey: z.union([z.string(), z.number()]).optional(),
  remember_me: z.boolean().optional(),
});

export const phoneSchema = z.string().regex(/^1[3-9]\d{9}$/, 'phone');
export const smsCodeSchema = z.string().regex(/^\d{6}$/, 'captcha');

export const phoneLoginBodySchema = z.object({ mobile: phoneSchema, captcha: smsCodeSchema });

/** Purpose of a one-time SMS code: 0 register, 1 login, 2 forgotten password. */
export const smsBodySchema = z.object({ mobile: phoneSchema, smsmode: z.enum(['0', '1', '2']) });

export const selectDepartBodySchema = z.object({ username, orgCode: z.string().trim().min(1).max(64) });

export const updatePasswordBodySchema = z.object({
  username,
  oldpassword: password,
  password: z.string().min(6, 'password.min').max(128),
  confirmpassword: z.string().min(1).max(128),
});

export const registerBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'username.min')
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, 'username.chars'),
  password: z.string().min(6, 'password.min').max(128),
  phone: phoneSchema,
  smscode: smsCodeSchema,
  email: z.string().trim().email('email').max(100).optional().or(z.literal('')),
});

export const passwordResetBodySchema = z.object({
  phone: phoneSchema,
  smscode: smsCodeSchema,
  password: z.string().min(6, 'password.min').max(128),
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

/** Settings anyone may read (login page, header, tab title). */
export type PublicPlatformSettings = {
  platFormTitleCn: string;
  platFormLogo: string | null;
  platFormLoginSrc: string | null;
  platFormCopyRightName: string;
  platFormCopyRightUrl: string;
  icpNumber: string;
  registerEnabled: boolean;
  casEnabled: boolean;
  /** The central sign-on server (`ICS_CAS_URL`, no trailing slash) when one is configured, else null. */
  casUrl: string | null;
  /** Map tile URL template (`{z}/{x}/{y}`); empty for a plain background. */
  tileUrl: string;
};

const tag = 'session';

export const sessionRoutes = {
  login: defineRoute<LoginResult, typeof loginBodySchema>({
    method: 'POST',
    path: '/sys/login',
    access: 'public',
    summary: 'Sign in with username and password',
    tag,
    body: loginBodySchema,
  }),
  randomImage: defineRoute<string, undefined, undefined, z.ZodObject<{ key: z.ZodString }>>({
    method: 'GET',
    path: '/sys/randomImage/:key',
    access: 'public',
    summary: 'Captcha image (data URL) for a client-chosen key',
    tag,
    params: z.object({ key: z.string().min(1).max(64) }),
  }),
  sms: defineRoute<null, typeof smsBodySchema>({
    method: 'POST',
    path: '/sys/sms',
    access: 'public',
    summary: 'Send a one-time code to a phone',
    tag,
    body: smsBodySchema,
  }),
  phoneLogin: defineRoute<LoginResult, typeof phoneLoginBodySchema>({
    method: 'POST',
    path: '/sys/phoneLogin',
    access: 'public',
    summary: 'Sign in with a phone number and its one-time code',
    tag,
    body: phoneLoginBodySchema,
  }),
  logout: defineRoute<null>({
    method: 'POST',
    path: '/sys/logout',
    access: 'public',
    summary: 'Revoke the current token',
    tag,
  }),
  getLoginUser: defineRoute<UserInfo, undefined, undefined, z.ZodObject<{ username: z.ZodString }>>({
    method: 'GET',
    path: '/sys/getLoginUser/:username',
    access: 'authenticated',
    summary: 'The signed-in user (only one’s own username)',
    tag,
    params: z.object({ username: z.string().min(1).max(64) }),
  }),
  permissions: defineRoute<PermissionResult, undefined, typeof permissionQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getUserPermissionByToken',
    access: 'authenticated',
    summary: 'Menu tree and button authorisations of the signed-in user',
    tag,
    query: permissionQuerySchema,
  }),
  currentUserDeparts: defineRoute<{ list: Depart[]; orgCode: string | null }>({
    method: 'GET',
    path: '/sys/user/getCurrentUserDeparts',
    access: 'authenticated',
    summary: 'Departments of the signed-in user and the current one',
    tag,
  }),
  selectDepart: defineRoute<{ userInfo: UserInfo }, typeof selectDepartBodySchema>({
    method: 'POST',
    alsoMethods: ['PUT'],
    path: '/sys/selectDepart',
    access: 'authenticated',
    summary: 'Choose the current department',
    tag,
    body: selectDepartBodySchema,
  }),
  updatePassword: defineRoute<null, typeof updatePasswordBodySchema>({
    method: 'POST',
    alsoMethods: ['PUT'],
    path: '/sys/user/updatePassword',
    access: 'authenticated',
    summary: 'Change one’s own password (revokes other sessions)',
    tag,
    body: updatePasswordBodySchema,
  }),
  casValidate: defineRoute<LoginResult, undefined, typeof casQuerySchema>({
    method: 'GET',
    path: '/cas/client/validateLogin',
    access: 'public',
    summary: 'Exchange a CAS service ticket for a session',
    tag,
    query: casQuerySchema,
  }),
  register: defineRoute<{ username: string }, typeof registerBodySchema>({
    method: 'POST',
    path: '/sys/user/register',
    access: 'public',
    summary: 'Self-registration (only when enabled in platform settings)',
    tag,
    body: registerBodySchema,
  }),
  passwordReset: defineRoute<null, typeof passwordResetBodySchema>({
    method: 'POST',
    path: '/sys/user/passwordChange',
    access: 'public',
    summary: 'Reset a forgotten password with a phone code',
    tag,
    body: passwordResetBodySchema,
  }),
  platformSettings: defineRoute<PublicPlatformSettings>({
    method: 'GET',
    path: '/sys/platform/public',
    access: 'public',
    summary: 'Platform title, logo, copyright, ICP number and the central sign-on address',
    tag,
  }),
} as const;
