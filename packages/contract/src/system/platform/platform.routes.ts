import { z } from 'zod';
import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import { imageUploadSchema, type UploadResult } from '../user/user.routes';

const tag = 'system-platform';

/** Every stored platform setting (the administrator's view). */
export type PlatformSettingsRecord = {
  platFormTitleCn: string;
  platFormTitleEn: string;
  platFormLogo: string | null;
  platFormLoginSrc: string | null;
  platFormCopyRightName: string;
  platFormCopyRightUrl: string;
  icpNumber: string;
  registerEnabled: boolean;
  tileUrl: string;
};

const httpUrl = z
  .string()
  .trim()
  .max(500, 'form.too_long')
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'form.url.invalid');

export const platformSettingsSchema = z.object({
  platFormTitleCn: z
    .string({ error: 'form.title.required' })
    .trim()
    .min(1, 'form.title.required')
    .max(100, 'form.too_long'),
  platFormTitleEn: z.string().trim().max(100, 'form.too_long').default(''),
  platFormCopyRightName: z.string().trim().max(100, 'form.too_long').default(''),
  platFormCopyRightUrl: httpUrl.default(''),
  icpNumber: z.string().trim().max(100, 'form.too_long').default(''),
  registerEnabled: z.boolean().default(false),
  /** Map tile template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; '' for none. */
  tileUrl: z
    .string()
    .trim()
    .max(500, 'form.too_long')
    .refine(
      (v) => v === '' || (/^https?:\/\/\S+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'form.tile_url.invalid',
    )
    .default(''),
});

export const platformRoutes = {
  settings: defineRoute<PlatformSettingsRecord>({
    method: 'GET',
    path: '/sys/platform/settings',
    access: mark(marks.system.platform.edit),
    summary: 'All platform settings',
    tag,
  }),
  update: defineRoute<PlatformSettingsRecord, typeof platformSettingsSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/platform/settings',
    access: mark(marks.system.platform.edit),
    summary: 'Change the platform settings',
    tag,
    body: platformSettingsSchema,
  }),
  logo: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/platform/logo',
    access: mark(marks.system.platform.edit),
    summary: 'Upload the logo (PNG/JPEG data URL, at most 200 KB)',
    tag,
    body: imageUploadSchema,
  }),
  loginBackground: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/platform/loginBackground',
    access: mark(marks.system.platform.edit),
    summary: 'Upload the login background (PNG/JPEG data URL, at most 2 MB)',
    tag,
    body: imageUploadSchema,
  }),
  staticFile: defineRoute<null, undefined, undefined, z.ZodObject<{ file: z.ZodString }>>({
    method: 'GET',
    path: '/sys/common/static/:file',
    access: 'public',
    summary: 'An uploaded image (logo, login background, avatar) by its stored name',
    tag,
    params: z.object({ file: z.string().regex(/^[a-z]+-[0-9a-f]{32}\.(png|jpg)$/) }),
  }),
} as const;
