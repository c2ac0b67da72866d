import { crudOperations, crudRoutes, type SysResults } from '../../crud-routes';
import type { ListPage } from '../../list-query';
import type { sysIdQuerySchema } from '../../list-query.schemas';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type {
  addDepartMembersSchema,
  addRoleMembersSchema,
  changePasswordSchema,
  checkOnlyUserSchema,
  departMembersQuerySchema,
  frozenBatchSchema,
  imageUploadSchema,
  removeDepartMemberSchema,
  removeDepartMembersSchema,
  removeRoleMemberSchema,
  removeRoleMembersSchema,
  roleMembersQuerySchema,
  userCrudSchemas,
  userDepartQuerySchema,
  userRoleQuerySchema,
} from './user.schemas';

const tag = 'system-user';

/** What every view of a user shows of them (lists, forms, the signed-in user). */
export type UserProfile = {
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
};

/** A user row as lists and forms see it. Never carries the password hash. */
export type UserRecord = UserProfile & {
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

/** A department of a user as Jeecg's user form reads it. */
export type UserDepartOption = { key: string; title: string };

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
  // ---- what JeecgBoot 2.x consoles call besides (see docs/jeecg-console.md)
  userDepartList: defineRoute<UserDepartOption[], undefined, typeof userDepartQuerySchema>({
    method: 'GET',
    path: '/sys/user/userDepartList',
    access: mark(marks.system.user.list),
    summary: 'Departments of a user as {key, title} (the user form)',
    tag,
  }),
  userRoleList: defineRoute<ListPage<UserRecord>, undefined, typeof roleMembersQuerySchema>({
    method: 'GET',
    path: '/sys/user/userRoleList',
    access: mark(marks.system.user.list),
    summary: 'A page of the members of a role (roleId; filters as the user list)',
    tag,
  }),
  addSysUserRole: defineRoute<null, typeof addRoleMembersSchema>({
    method: 'POST',
    path: '/sys/user/addSysUserRole',
    access: mark(marks.system.user.edit),
    summary: 'Give a role to users (those holding it already are left as they are)',
    tag,
  }),
  deleteUserRole: defineRoute<null, undefined, typeof removeRoleMemberSchema>({
    method: 'DELETE',
    path: '/sys/user/deleteUserRole',
    access: mark(marks.system.user.edit),
    summary: 'Take a role from a user',
    tag,
  }),
  deleteUserRoleBatch: defineRoute<null, undefined, typeof removeRoleMembersSchema>({
    method: 'DELETE',
    path: '/sys/user/deleteUserRoleBatch',
    access: mark(marks.system.user.edit),
    summary: 'Take a role from users',
    tag,
  }),
  departUserList: defineRoute<ListPage<UserRecord>, undefined, typeof departMembersQuerySchema>({
    method: 'GET',
    path: '/sys/user/departUserList',
    access: mark(marks.system.user.list),
    summary: 'A page of the users of a department and those below it (depId; filters as the user list)',
    tag,
  }),
  editSysDepartWithUser: defineRoute<null, typeof addDepartMembersSchema>({
    method: 'POST',
    path: '/sys/user/editSysDepartWithUser',
    access: mark(marks.system.user.edit),
    summary: 'Add users to a department (those in it already are left as they are)',
    tag,
  }),
  deleteUserInDepart: defineRoute<null, undefined, typeof removeDepartMemberSchema>({
    method: 'DELETE',
    path: '/sys/user/deleteUserInDepart',
    access: mark(marks.system.user.edit),
    summary: 'Take a user out of a department',
    tag,
  }),
  deleteUserInDepartBatch: defineRoute<null, undefined, typeof removeDepartMembersSchema>({
    method: 'DELETE',
    path: '/sys/user/deleteUserInDepartBatch',
    access: mark(marks.system.user.edit),
    summary: 'Take users out of a department',
    tag,
  }),
  generateUserId: defineRoute<string>({
    method: 'GET',
    path: '/sys/user/generateUserId',
    access: mark(marks.system.user.add),
    summary: 'A fresh id for a user form (ICS gives ids on add; this one is not reserved)',
    tag,
  }),
  commonUpload: defineRoute<UploadResult>({
    method: 'POST',
    path: '/sys/common/upload',
    access: 'authenticated',
    summary:
      'Upload an image as multipart field `file` (PNG/JPEG, at most 2 MB; its stored name in `message`; needs system:user:add or :edit, or system:announcement:add or :edit)',
    tag,
  }),
  tenantList: defineRoute<{ id: number; name: string }[]>({
    method: 'GET',
    path: '/sys/tenant/queryList',
    access: mark(marks.system.user.list),
    summary: 'Tenants of the user form: always empty (ICS has no tenants)',
    tag,
  }),
  positionList: defineRoute<ListPage<{ id: string; code: string; name: string }>>({
    method: 'GET',
    path: '/sys/position/list',
    access: mark(marks.system.user.list),
    summary: 'Positions of the user form: always an empty page (ICS keeps the post as free text)',
    tag,
  }),
  thirdAppEnabledTypes: defineRoute<{ wechatEnterprise: boolean; dingtalk: boolean }>({
    method: 'GET',
    path: '/sys/thirdApp/getEnabledType',
    access: mark(marks.system.user.list),
    summary: 'Third-party apps users and departments sync with: none (ICS syncs with none)',
    tag,
  }),
  recycleBin: defineRoute<UserRecord[]>({
    method: 'GET',
    path: '/sys/user/recycleBin',
    access: mark(marks.system.user.list),
    summary: 'Deleted users that may be restored: always empty (ICS keeps no recycle bin)',
    tag,
  }),
} as const;
