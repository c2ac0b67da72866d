import type { PermissionResult } from '../../menu';
import { defineRoute } from '../../route';
import type { PlatformSettingsRecord } from '../platform/platform.routes';
import type { UserProfile } from '../user/user.routes';
import type {
  captchaParamsSchema,
  casQuerySchema,
  loginBodySchema,
  loginUserParamsSchema,
  passwordResetBodySchema,
  permissionQuerySchema,
  phoneLoginBodySchema,
  registerBodySchema,
  selectDepartBodySchema,
  smsBodySchema,
  updatePasswordBodySchema,
} from './session.schemas';

/** The signed-in user as the console sees it. Never carries a password or its hash. */
export type UserInfo = UserProfile & {
  departIds: string | null;
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

/** Settings anyone may read (login page, header, tab title). */
export type PublicPlatformSettings = Omit<PlatformSettingsRecord, 'platFormTitleEn'> & {
  casEnabled: boolean;
  /** The central sign-on server (`ICS_CAS_URL`, no trailing slash) when one is configured, else null. */
  casUrl: string | null;
};

const tag = 'session';

export const sessionRoutes = {
  login: defineRoute<LoginResult, typeof loginBodySchema>({
    method: 'POST',
    path: '/sys/login',
    access: 'public',
    summary: 'Sign in with username and password',
    tag,
  }),
  randomImage: defineRoute<string, undefined, undefined, typeof captchaParamsSchema>({
    method: 'GET',
    path: '/sys/randomImage/:key',
    access: 'public',
    summary: 'Captcha image (data URL) for a client-chosen key',
    tag,
  }),
  sms: defineRoute<null, typeof smsBodySchema>({
    method: 'POST',
    path: '/sys/sms',
    access: 'public',
    summary: 'Send a one-time code to a phone',
    tag,
  }),
  phoneLogin: defineRoute<LoginResult, typeof phoneLoginBodySchema>({
    method: 'POST',
    path: '/sys/phoneLogin',
    access: 'public',
    summary: 'Sign in with a phone number and its one-time code',
    tag,
  }),
  logout: defineRoute<null>({
    method: 'POST',
    path: '/sys/logout',
    access: 'public',
    summary: 'Revoke the current token',
    tag,
  }),
  getLoginUser: defineRoute<UserInfo, undefined, undefined, typeof loginUserParamsSchema>({
    method: 'GET',
    path: '/sys/getLoginUser/:username',
    access: 'authenticated',
    summary: 'The signed-in user (only one’s own username)',
    tag,
  }),
  permissions: defineRoute<PermissionResult, undefined, typeof permissionQuerySchema>({
    method: 'GET',
    path: '/sys/permission/getUserPermissionByToken',
    access: 'authenticated',
    summary: 'Menu tree and button authorisations of the signed-in user',
    tag,
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
  }),
  updatePassword: defineRoute<null, typeof updatePasswordBodySchema>({
    method: 'POST',
    alsoMethods: ['PUT'],
    path: '/sys/user/updatePassword',
    access: 'authenticated',
    summary: 'Change one’s own password (revokes other sessions)',
    tag,
  }),
  casValidate: defineRoute<LoginResult, undefined, typeof casQuerySchema>({
    method: 'GET',
    path: '/cas/client/validateLogin',
    access: 'public',
    summary: 'Exchange a CAS service ticket for a session',
    tag,
  }),
  register: defineRoute<{ username: string }, typeof registerBodySchema>({
    method: 'POST',
    path: '/sys/user/register',
    access: 'public',
    summary: 'Self-registration (only when enabled in platform settings)',
    tag,
  }),
  passwordReset: defineRoute<null, typeof passwordResetBodySchema>({
    method: 'POST',
    path: '/sys/user/passwordChange',
    access: 'public',
    summary: 'Reset a forgotten password with a phone code',
    tag,
  }),
  platformSettings: defineRoute<PublicPlatformSettings>({
    method: 'GET',
    path: '/sys/platform/public',
    access: 'public',
    summary: 'Platform title, logo, copyright, ICP number and the central sign-on address',
    tag,
  }),
} as const;
