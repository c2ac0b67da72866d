import { z } from 'zod';
import { imageUploadSchema } from '../user/user.schemas';

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

export const staticFileParamsSchema = z.object({
  file: z.string().regex(/^[a-z]+-[0-9a-f]{32}\.(png|jpg)$/),
});

export const platformRouteSchemas = {
  update: { body: platformSettingsSchema },
  logo: { body: imageUploadSchema },
  loginBackground: { body: imageUploadSchema },
  staticFile: { params: staticFileParamsSchema },
};
