import { z } from 'zod';
import { isCalendarDateTime } from '../../calendar';
import { crudBindings } from '../../crud-routes';
import { zodOf } from '../../field-spec.schemas';
import { optionalText } from '../../list-query.schemas';
import { pageQuerySchema } from '../../page-query.schemas';
import { textInput } from '../../text-input.schemas';
import { type AnnouncementCheckedFields, announcementFields, openPageProblem } from './announcement.fields';

/** `yyyy-MM-dd[ HH:mm[:ss]]` (GMT+8) or an ISO date-time with its offset. */
const dateTime = z
  .union([z.literal(''), textInput().refine(isCalendarDateTime, 'form.date_time.invalid')])
  .nullish()
  .transform((v) => v || null);

/** Upstream sends "id1,id2," (trailing comma); an array is accepted as well. */
const userIds = z
  .union([textInput().max(40_000), z.array(textInput().min(1).max(64)).max(5_000)])
  .nullish()
  .transform((v) => {
    const list = Array.isArray(v) ? v : (v ?? '').split(',');
    return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  });

const announcementShape = {
  titile: zodOf(announcementFields.titile),
  msgContent: textInput()
    .max(1_000_000, 'form.too_long')
    .nullish()
    .transform((v) => v ?? null),
  msgAbstract: zodOf(announcementFields.msgAbstract),
  startTime: dateTime,
  endTime: dateTime,
  priority: zodOf(announcementFields.priority),
  msgCategory: zodOf(announcementFields.msgCategory),
  msgType: z.enum(['ALL', 'USER']).default('ALL'),
  userIds,
  openType: z
    .enum(['url', 'component', ''], { error: 'form.open_type.invalid' })
    .nullish()
    .transform((v) => v || null),
  openPage: zodOf(announcementFields.openPage),
  busType: optionalText(64),
  busId: zodOf(announcementFields.busId),
};

const checkFields = (value: AnnouncementCheckedFields, ctx: z.RefinementCtx) => {
  if (value.msgType === 'USER' && value.userIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'form.recipients.required' });
  const open = openPageProblem(value);
  if (open) ctx.addIssue({ code: 'custom', path: [open.field], message: open.message });
};

export const announcementAddSchema = z.object(announcementShape).superRefine(checkFields);
export const announcementEditSchema = z
  .object({ id: textInput().min(1).max(64), ...announcementShape })
  .superRefine(checkFields);

export const announcementListQuerySchema = pageQuerySchema.extend({
  /** Contains-match; jeecg's `*x*` form is accepted too. */
  titile: textInput().max(200).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  sendStatus: z.enum(['0', '1', '2', '']).optional(),
  msgType: z.enum(['ALL', 'USER', '']).optional(),
});

export const announcementIdQuerySchema = z.object({
  id: textInput().min(1).max(64),
  _t: z.coerce.number().optional(),
});
export const announcementIdsQuerySchema = z.object({ ids: textInput().min(1).max(40_000) });
/** doReleaseData/doReovkeData: upstream sends GET ?id=, the spec's console PUT with `{id}` (body or query). */
export const announcementOptionalIdQuerySchema = z.object({ id: textInput().min(1).max(64).optional() });
/** `anntId=` of the announcement whose bells should reload (none: the caller's own bell). */
export const syncNoticQuerySchema = z.object({ anntId: textInput().max(64).optional() });
export const announcementOptionalIdBodySchema = z
  .object({ id: textInput().min(1).max(64).optional() })
  .nullish();

export const announcementReadBodySchema = z.object({ anntId: textInput().min(1).max(64) });

export const myAnnouncementQuerySchema = pageQuerySchema.extend({
  titile: textInput().max(200).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
});

export const announcementCrudSchemas = {
  list: announcementListQuerySchema,
  id: announcementIdQuerySchema,
  ids: announcementIdsQuerySchema,
  add: announcementAddSchema,
  edit: announcementEditSchema,
};

const publishing = { query: announcementOptionalIdQuerySchema, body: announcementOptionalIdBodySchema };

export const announcementRouteSchemas = {
  ...crudBindings(announcementCrudSchemas),
  release: publishing,
  revoke: publishing,
  readStats: { query: announcementIdQuerySchema },
  markRead: { body: announcementReadBodySchema },
  mine: { query: myAnnouncementQuerySchema },
  syncNotic: { query: syncNoticQuerySchema },
};
