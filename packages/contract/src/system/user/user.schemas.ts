import { z } from 'zod';
import { isCalendarDate } from '../../calendar';
import { crudBindings } from '../../crud-routes';
import { zodOf, zodShape } from '../../field-spec.schemas';
import { listQuerySchema, optionalText, sysCrudQueries, sysIdQuerySchema } from '../../list-query.schemas';
import { textInput } from '../../text-input.schemas';
import { userFields, userPasswordField } from './user.fields';

/** Optional text that, when given, must match `pattern`; '' and null become null. */
export const optionalPattern = (pattern: RegExp, message: string, max = 100) =>
  textInput()
    .trim()
    .max(max, 'form.too_long')
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

const userShape = {
  ...zodShape(userFields),
  avatar: optionalText(255),
  birthday: optionalPattern(/^\d{4}-\d{2}-\d{2}$/, 'form.required', 10).refine(
    (v) => v === null || isCalendarDate(v),
    'form.date_time.invalid',
  ),
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
  managedDepartIds: textInput().max(4000).nullish(),
  /** Comma strings of role ids and department ids. */
  selectedroles: textInput().max(4000).nullish(),
  selecteddeparts: textInput().max(4000).nullish(),
};

/** A new password and, when sent, its confirmation. */
const newPassword = {
  password: zodOf(userPasswordField),
  confirmpassword: textInput().max(128).optional(),
};
const confirmed = (v: { password: string; confirmpassword?: string | undefined }) =>
  v.confirmpassword === undefined || v.confirmpassword === v.password;
const mismatch = { message: 'form.password.mismatch', path: ['confirmpassword'] };

export const userAddSchema = z.object({ ...userShape, ...newPassword }).refine(confirmed, mismatch);

/** Edit keeps the password; the username may be sent but cannot change. */
export const userEditSchema = z.object({
  id: textInput().min(1).max(64),
  ...userShape,
  username: userShape.username.optional(),
});

export const frozenBatchSchema = z.object({
  ids: textInput().min(1, 'form.ids.required').max(20_000),
  status: z.coerce.number().int().min(1, 'form.status.invalid').max(2, 'form.status.invalid'),
});

export const changePasswordSchema = z
  .object({
    username: textInput({ error: 'form.username.required' }).trim().min(1, 'form.username.required').max(64),
    ...newPassword,
  })
  .refine(confirmed, mismatch);

export const checkOnlyUserSchema = z.object({
  id: textInput().max(64).optional(),
  username: textInput().max(64).optional(),
  phone: textInput().max(64).optional(),
  email: textInput().max(100).optional(),
  workNo: textInput().max(64).optional(),
});

export const userRoleQuerySchema = z.object({ userid: textInput().min(1).max(64) });

/** An image as a data URL (`data:image/png;base64,...`); multipart is not installed. */
export const imageUploadSchema = z.object({
  file: textInput().min(1, 'form.image.required'),
});

/** `userId=` of the departments of one user (Jeecg's user form). */
export const userDepartQuerySchema = z.object({ userId: textInput().min(1).max(64) });

/** A page of the members of a role (`roleId`), filtered like the user list (`username`, …). */
export const roleMembersQuerySchema = listQuerySchema.extend({ roleId: textInput().min(1).max(64) });

/** A page of the members of a department and those below it (`depId`; none: every user the caller reaches). */
export const departMembersQuerySchema = listQuerySchema.extend({ depId: textInput().max(64).optional() });

/** Users given a role (Jeecg's role member picker). */
export const addRoleMembersSchema = z.object({
  roleId: textInput().min(1).max(64),
  userIdList: z.array(textInput().min(1).max(64)).min(1, 'form.ids.required').max(1000),
});

/** One member taken out of a role. */
export const removeRoleMemberSchema = z.object({
  roleId: textInput().min(1).max(64),
  userId: textInput().min(1).max(64),
});

/** Users added to a department (Jeecg's department member picker). */
export const addDepartMembersSchema = z.object({
  depId: textInput().min(1).max(64),
  userIdList: z.array(textInput().min(1).max(64)).min(1, 'form.ids.required').max(1000),
});

/** One member taken out of a department. */
export const removeDepartMemberSchema = z.object({
  depId: textInput().min(1).max(64),
  userId: textInput().min(1).max(64),
});

/** Members taken out of a department (`userIds=a,b,`). */
export const removeDepartMembersSchema = z.object({
  depId: textInput().min(1).max(64),
  userIds: textInput().min(1, 'form.ids.required').max(20_000),
});

/** Members taken out of a role (`userIds=a,b,`). */
export const removeRoleMembersSchema = z.object({
  roleId: textInput().min(1).max(64),
  userIds: textInput().min(1, 'form.ids.required').max(20_000),
});

export const userCrudSchemas = { ...sysCrudQueries, add: userAddSchema, edit: userEditSchema };

export const userRouteSchemas = {
  ...crudBindings(userCrudSchemas),
  frozenBatch: { body: frozenBatchSchema },
  changePassword: { body: changePasswordSchema },
  queryUserRole: { query: userRoleQuerySchema },
  checkOnlyUser: { query: checkOnlyUserSchema },
  queryUserByDepId: { query: sysIdQuerySchema },
  avatar: { body: imageUploadSchema },
  userDepartList: { query: userDepartQuerySchema },
  userRoleList: { query: roleMembersQuerySchema },
  addSysUserRole: { body: addRoleMembersSchema },
  deleteUserRole: { query: removeRoleMemberSchema },
  deleteUserRoleBatch: { query: removeRoleMembersSchema },
  departUserList: { query: departMembersQuerySchema },
  editSysDepartWithUser: { body: addDepartMembersSchema },
  deleteUserInDepart: { query: removeDepartMemberSchema },
  deleteUserInDepartBatch: { query: removeDepartMembersSchema },
};
