import { platformRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';

export const PLATFORM_SETTINGS_KEY = ['sys', 'platform-settings'] as const;

/** Every stored platform setting (administrator view). */
export function usePlatformSettingsRecord() {
  return useQuery({
    queryKey: PLATFORM_SETTINGS_KEY,
    staleTime: 0,
    queryFn: async () => unwrap(await call(platformRoutes.settings)),
  });
}
