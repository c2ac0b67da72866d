import { crudOperations, crudRoutes, type SysResults } from '../../crud-routes';
import type { sysIdQuerySchema } from '../../list-query.schemas';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type {
  changePasswordSchema,
  checkOnlyUserSchema,
  frozenBatchSchema,
  imageUploadSchema,
  userCrudSchemas,
  userRoleQuerySchema,
} from './user.schemas';

const tag = 'system-user';

/** A user row as lists and forms see it. Never carries the password hash. */
export type UserRecord = {
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
  userType: string;
  /** 1 ordinary member, 2 department administrator. */
  userIdentity: number;
  createTime: string;
  /** Comma string of department ids, and their names. */
  departIds?: string;
  orgCodeTxt?: string;
  /** Comma string of the departments a department administrator manages. */
  managedDepartIds?: string;
};

export type UploadResult = { path: string; url: string };

const users = crudRoutes<typeof userCrudSchemas, SysResults<UserRecord>>({
  base: '/sys/user',
  tag,
  marks: marks.system.user,
  name: ['a user', 'users'],
});

export const userRoutes = {
  ...users(crudOperations, {
    list: { summary: 'List users (filters username, realname, phone, status, sex)' },
    exportXls: { summary: 'Export users (same filters as the list) as .xlsx' },
  }),
  frozenBatch: defineRoute<null, typeof frozenBatchSchema>({
    method: 'PUT',
    path: '/sys/user/frozenBatch',
    access: mark(marks.system.user.freeze),
    summary: 'Freeze (2) or unfreeze (1) users',
    tag,
  }),
  changePassword: defineRoute<null, typeof changePasswordSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/user/changePassword',
    access: mark(marks.system.user.password),
    summary: "Reset another user's password",
    tag,
  }),
  queryUserRole: defineRoute<string[], undefined, typeof userRoleQuerySchema>({
    method: 'GET',
    path: '/sys/user/queryUserRole',
    access: mark(marks.system.user.list),
    summary: 'Role ids of a user',
    tag,
  }),
  checkOnlyUser: defineRoute<boolean, undefined, typeof checkOnlyUserSchema>({
    method: 'GET',
    path: '/sys/user/checkOnlyUser',
    access: mark(marks.system.user.list),
    summary: 'Whether a username / phone / email / work number is still free',
    tag,
  }),
  queryUserByDepId: defineRoute<UserRecord[], undefined, typeof sysIdQuerySchema>({
    method: 'GET',
    path: '/sys/user/queryUserByDepId',
    access: mark(marks.system.user.list),
    summary: 'Users of a department',
    tag,
  }),
  avatar: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/user/avatar',
    access: 'authenticated',
    summary: 'Upload an avatar (PNG/JPEG data URL, at most 2 MB; needs system:user:add or :edit)',
    tag,
  }),
} as const;
