import { z } from 'zod';
import { zodOf } from '../../field-spec.schemas';
import { textInput } from '../../text-input.schemas';
import { imageUploadSchema } from '../user/user.schemas';
import { platformFields } from './platform.fields';

export const platformSettingsSchema = z.object({
  platFormTitleCn: zodOf(platformFields.platFormTitleCn),
  platFormTitleEn: zodOf(platformFields.platFormTitleEn),
  platFormCopyRightName: zodOf(platformFields.platFormCopyRightName),
  platFormCopyRightUrl: zodOf(platformFields.platFormCopyRightUrl),
  icpNumber: zodOf(platformFields.icpNumber),
  registerEnabled: z.boolean().default(false),
  tileUrl: zodOf(platformFields.tileUrl),
  tileAttribution: zodOf(platformFields.tileAttribution),
});

export const staticFileParamsSchema = z.object({
  file: textInput().regex(/^[a-z]+-[0-9a-f]{32}\.(png|jpg)$/),
});

/** `{z}/{x}/{y}.png` of the offline tiles folder: numbers only, so the path stays inside it. */
export const offlineTileParamsSchema = z.object({
  z: textInput().regex(/^\d{1,2}$/),
  x: textInput().regex(/^\d{1,7}$/),
  y: textInput().regex(/^\d{1,7}\.png$/),
});

export const platformRouteSchemas = {
  update: { body: platformSettingsSchema },
  logo: { body: imageUploadSchema },
  loginBackground: { body: imageUploadSchema },
  staticFile: { params: staticFileParamsSchema },
  offlineTile: { params: offlineTileParamsSchema },
};
