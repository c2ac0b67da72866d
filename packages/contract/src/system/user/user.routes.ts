import { z } from 'zod';
import {
  type ListPage,
  listQuerySchema,
  optionalText,
  sysIdQuerySchema,
  sysIdsQuerySchema,
} from '../../list-query';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';

const tag = 'system-user';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional text that, when given, must match `pattern`; '' and null become null. */
export const optionalPattern = (pattern: RegExp, message: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, 'form.too_long')
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

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

const userFields = {
  username: z
    .string()
    .trim()
    .min(2, 'form.username.length')
    .max(30, 'form.username.length')
    .regex(/^[A-Za-z0-9_.@-]+$/, 'form.username.chars'),
  realname: z
    .string({ error: 'form.realname.required' })
    .trim()
    .min(1, 'form.realname.required')
    .max(64, 'form.too_long'),
  phone: optionalPattern(PHONE_PATTERN, 'form.phone.invalid', 11),
  email: optionalPattern(EMAIL_PATTERN, 'form.email.invalid'),
  workNo: optionalText(64),
  post: optionalText(100),
  telephone: optionalText(45),
  avatar: optionalText(255),
  birthday: optionalPattern(/^\d{4}-\d{2}-\d{2}$/, 'form.required', 10),
  sex: z.coerce
    .number()
    .int()
    .min(0)
    .max(2)
    .nullish()
    .transform((v) => v || null),
  userType: z.enum(['0', '1']).optional(),
  /** 1 ordinary member, 2 department administrator (who then needs `managedDepartIds`). */
  userIdentity: z.coerce
    .number()
    .int()
    .min(1, 'form.status.invalid')
    .max(2, 'form.status.invalid')
    .optional(),
  managedDepartIds: z.string().max(4000).nullish(),
  /** Comma strings of role ids and department ids. */
  selectedroles: z.string().max(4000).nullish(),
  selecteddeparts: z.string().max(4000).nullish(),
};

export const userAddSchema = z
  .object({
    ...userFields,
    password: z.string().min(6, 'form.password.min').max(128, 'form.too_long'),
    confirmpassword: z.string().max(128).optional(),
  })
  .refine((v) => v.confirmpassword === undefined || v.confirmpassword === v.password, {
    message: 'form.password.mismatch',
    path: ['confirmpassword'],
  });

/** Edit keeps the password; the username may be sent but cannot change. */
export const userEditSchema = z.object({
  id: z.string().min(1).max(64),
  ...userFields,
  username: userFields.username.optional(),
});

export const frozenBatchSchema = z.object({
  ids: z.string().min(1, 'form.ids.required').max(20_000),
  status: z.coerce.number().int().min(1, 'form.status.invalid').max(2, 'form.status.invalid'),
});

export const changePasswordSchema = z
  .object({
    username: z.string({ error: 'form.username.required' }).trim().min(1, 'form.username.required').max(64),
    password: z.string().min(6, 'form.password.min').max(128, 'form.too_long'),
    confirmpassword: z.string().max(128).optional(),
  })
  .refine((v) => v.confirmpassword === undefined || v.confirmpassword === v.password, {
    message: 'form.password.mismatch',
    path: ['confirmpassword'],
  });

export const checkOnlyUserSchema = z.object({
  id: z.string().max(64).optional(),
  username: z.string().max(64).optional(),
  phone: z.string().max(64).optional(),
  email: z.string().max(100).optional(),
  workNo: z.string().max(64).optional(),
});

/** An image as a data URL (`data:image/png;base64,...`); multipart is not installed. */
export const imageUploadSchema = z.object({
  file: z.string().min(1, 'form.image.required'),
});

export type UploadResult = { path: string; url: string };

export const userRoutes = {
  list: defineRoute<ListPage<UserRecord>, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/user/list',
    access: mark(marks.system.user.list),
    summary: 'List users (filters username, realname, phone, status, sex)',
    tag,
    query: listQuerySchema,
  }),
  queryById: defineRoute<UserRecord, undefined, typeof sysIdQuerySchema>({
    method: 'GET',
    path: '/sys/user/queryById',
    access: mark(marks.system.user.list),
    summary: 'One user',
    tag,
    query: sysIdQuerySchema,
  }),
  add: defineRoute<{ id: string }, typeof userAddSchema>({
    method: 'POST',
    path: '/sys/user/add',
    access: mark(marks.system.user.add),
    summary: 'Add a user',
    tag,
    body: userAddSchema,
  }),
  edit: defineRoute<null, typeof userEditSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/user/edit',
    access: mark(marks.system.user.edit),
    summary: 'Edit a user',
    tag,
    body: userEditSchema,
  }),
  delete: defineRoute<null, undefined, typeof sysIdQuerySchema>({
    method: 'DELETE',
    path: '/sys/user/delete',
    access: mark(marks.system.user.delete),
    summary: 'Delete a user',
    tag,
    query: sysIdQuerySchema,
  }),
  deleteBatch: defineRoute<null, undefined, typeof sysIdsQuerySchema>({
    method: 'DELETE',
    path: '/sys/user/deleteBatch',
    access: mark(marks.system.user.delete),
    summary: 'Delete users',
    tag,
    query: sysIdsQuerySchema,
  }),
  frozenBatch: defineRoute<null, typeof frozenBatchSchema>({
    method: 'PUT',
    path: '/sys/user/frozenBatch',
    access: mark(marks.system.user.freeze),
    summary: 'Freeze (2) or unfreeze (1) users',
    tag,
    body: frozenBatchSchema,
  }),
  changePassword: defineRoute<null, typeof changePasswordSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/user/changePassword',
    access: mark(marks.system.user.password),
    summary: "Reset another user's password",
    tag,
    body: changePasswordSchema,
  }),
  queryUserRole: defineRoute<string[], undefined, z.ZodObject<{ userid: z.ZodString }>>({
    method: 'GET',
    path: '/sys/user/queryUserRole',
    access: mark(marks.system.user.list),
    summary: 'Role ids of a user',
    tag,
    query: z.object({ userid: z.string().min(1).max(64) }),
  }),
  checkOnlyUser: defineRoute<boolean, undefined, typeof checkOnlyUserSchema>({
    method: 'GET',
    path: '/sys/user/checkOnlyUser',
    access: mark(marks.system.user.list),
    summary: 'Whether a username / phone / email / work number is still free',
    tag,
    query: checkOnlyUserSchema,
  }),
  queryUserByDepId: defineRoute<UserRecord[], undefined, typeof sysIdQuerySchema>({
    method: 'GET',
    path: '/sys/user/queryUserByDepId',
    access: mark(marks.system.user.list),
    summary: 'Users of a department',
    tag,
    query: sysIdQuerySchema,
  }),
  exportXls: defineRoute<null, undefined, typeof listQuerySchema>({
    method: 'GET',
    path: '/sys/user/exportXls',
    access: mark(marks.system.user.export),
    summary: 'Export users (same filters as the list) as .xlsx',
    tag,
    query: listQuerySchema,
  }),
  avatar: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/user/avatar',
    access: 'authenticated',
    summary: 'Upload an avatar (PNG/JPEG data URL, at most 2 MB; needs system:user:add or :edit)',
    tag,
    body: imageUploadSchema,
  }),
} as const;
