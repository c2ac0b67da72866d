import { envRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { envKeys } from './keys';

export type SensorOption = { value: string; label: string };

/** The caller's sensors as choices of the history page. */
export function useSensorOptions() {
  return useQuery({
    queryKey: envKeys.sensorOptions,
    queryFn: async (): Promise<SensorOption[]> => {
      const page = unwrap(await call(envRoutes.sensors, { query: { pageNo: 1, pageSize: 1000 } }));
      return page.records.map((s) => ({
        value: s.id,
        label:
          s.name && s.name !== s.address
            ? `${s.name} (${s.gatewaySn}/${s.address})`
            : `${s.gatewaySn}/${s.address}`,
      }));
    },
  });
}
