import { choice, text } from '../../field-spec';
import type { AnnouncementMsgType, AnnouncementOpenType } from './announcement.routes';

/**
 * Detail components an announcement of openType `component` may open (its openPage), each
 * shown with the announcement's busId. The console registers a view under each name.
 */
export const ANNOUNCEMENT_COMPONENTS = ['system/UserDetail'] as const;
export type AnnouncementComponent = (typeof ANNOUNCEMENT_COMPONENTS)[number];

/** An http(s) address, or a console path such as `/lighting/lamp` (not `//host`). */
export const OPEN_PAGE_URL = /^(https?:\/\/[^\s/]+\S*|\/(?!\/)[^\s]*)$/i;

/** The fields of an announcement checked together (its addressees, what it opens). */
export type AnnouncementCheckedFields = {
  msgType: AnnouncementMsgType;
  userIds: string[];
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  busId: string | null;
};

/** The problem (a form message key) of an announcement's open fields, or undefined. */
export function openPageProblem(
  v: Pick<AnnouncementCheckedFields, 'openType' | 'openPage' | 'busId'>,
): { field: 'openPage' | 'busId'; message: string } | undefined {
  if (!v.openType) return undefined;
  if (!v.openPage) return { field: 'openPage', message: 'form.open_page.required' };
  if (v.openType === 'url')
    return OPEN_PAGE_URL.test(v.openPage) ? undefined : { field: 'openPage', message: 'form.open_page.url' };
  if (!(ANNOUNCEMENT_COMPONENTS as readonly string[]).includes(v.openPage))
    return { field: 'openPage', message: 'form.open_page.component' };
  if (!v.busId) return { field: 'busId', message: 'form.bus_id.required' };
  return undefined;
}

/** The announcement form's fields (openPage and busId are further checked by `openPageProblem`). */
export const announcementFields = {
  titile: text({ required: 'form.titile.required', max: 200 }),
  msgCategory: choice(['1', '2'], { required: 'form.required', default: '1' }),
  priority: choice(['L', 'M', 'H'], { required: 'form.required', default: 'M' }),
  msgAbstract: text({ optional: true, max: 500 }),
  openPage: text({ optional: true, max: 500 }),
  busId: text({ optional: true, max: 64 }),
};
