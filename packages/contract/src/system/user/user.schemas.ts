import { z } from 'zod';
import { crudBindings } from '../../crud-routes';
import { optionalText, sysCrudQueries, sysIdQuerySchema } from '../../list-query.schemas';
import { EMAIL_PATTERN, PHONE_PATTERN } from './user.fields';

/** Optional text that, when given, must match `pattern`; '' and null become null. */
export const optionalPattern = (pattern: RegExp, message: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, 'form.too_long')
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => (v ? v : null));

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

export const userRoleQuerySchema = z.object({ userid: z.string().min(1).max(64) });

/** An image as a data URL (`data:image/png;base64,...`); multipart is not installed. */
export const imageUploadSchema = z.object({
  file: z.string().min(1, 'form.image.required'),
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
};
