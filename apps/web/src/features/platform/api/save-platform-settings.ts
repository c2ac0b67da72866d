import { platformRoutes, type RouteBody } from '@ics/contract';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call } from '../../../shared/lib/http';
import { FORM_ERROR_STATUSES } from '../../../shared/ui/form';
import { platformKeys } from './keys';

export function savePlatformSettings(body: RouteBody<typeof platformRoutes.update>) {
  return call(platformRoutes.update, { body }, { silentStatuses: FORM_ERROR_STATUSES });
}

/** Saves the platform settings; they load again. */
export const useSavePlatformSettings = () =>
  useInvalidatingMutation(savePlatformSettings, () => [platformKeys.settings]);
