import { platformRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { platformKeys } from './keys';

/** Every stored platform setting (administrator view). */
export async function getPlatformSettings() {
  return unwrap(await call(platformRoutes.settings));
}

export function usePlatformSettingsRecord() {
  return useQuery({ queryKey: platformKeys.settings, staleTime: 0, queryFn: getPlatformSettings });
}
