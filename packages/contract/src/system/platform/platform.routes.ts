import { marks } from '../../marks';
import { defineRoute, mark } from '../../route';
import type { UploadResult } from '../user/user.routes';
import type { imageUploadSchema } from '../user/user.schemas';
import type {
  offlineTileParamsSchema,
  platformSettingsSchema,
  staticFileParamsSchema,
} from './platform.schemas';

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
  /** Map tile URL template (`{z}/{x}/{y}`); empty for a plain background. */
  tileUrl: string;
  /** The tile provider's credit, shown on the map. */
  tileAttribution: string;
};

const edit = mark(marks.system.platform.edit);

export const platformRoutes = {
  settings: defineRoute<PlatformSettingsRecord>({
    method: 'GET',
    path: '/sys/platform/settings',
    access: edit,
    summary: 'All platform settings',
    tag,
  }),
  update: defineRoute<PlatformSettingsRecord, typeof platformSettingsSchema>({
    method: 'PUT',
    alsoMethods: ['POST'],
    path: '/sys/platform/settings',
    access: edit,
    summary: 'Change the platform settings',
    tag,
  }),
  logo: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/platform/logo',
    access: edit,
    summary: 'Upload the logo (PNG/JPEG data URL, at most 200 KB)',
    tag,
  }),
  loginBackground: defineRoute<UploadResult, typeof imageUploadSchema>({
    method: 'POST',
    path: '/sys/platform/loginBackground',
    access: edit,
    summary: 'Upload the login background (PNG/JPEG data URL, at most 2 MB)',
    tag,
  }),
  staticFile: defineRoute<null, undefined, undefined, typeof staticFileParamsSchema>({
    method: 'GET',
    path: '/sys/common/static/:file',
    access: 'public',
    summary: 'An uploaded image (logo, login background, avatar) by its stored name',
    tag,
  }),
  offlineTile: defineRoute<null, undefined, undefined, typeof offlineTileParamsSchema>({
    method: 'GET',
    path: '/sys/common/tiles/:z/:x/:y',
    access: 'public',
    summary: 'A map tile from the offline tiles folder (DATA_DIR/tiles/{z}/{x}/{y}.png)',
    tag,
  }),
} as const;
