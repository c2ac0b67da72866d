import { type PreviewResult, type RouteBody, strategyRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** The actions a lamp will receive over the next days, with the unsaved draft applied. */
export async function previewStrategy(
  body: RouteBody<typeof strategyRoutes.preview>,
): Promise<PreviewResult> {
  return unwrap(await call(strategyRoutes.preview, { body }, { silentStatuses: [400] }));
}
