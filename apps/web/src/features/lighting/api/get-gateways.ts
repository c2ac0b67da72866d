import { gatewayRoutes } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { queryFetcher } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** Gateways of the caller's projects (the device module's list, read for choices). */
export const getGateways = queryFetcher(gatewayRoutes.list);

/** Every gateway, to choose one (a control target, a cabinet's gateway). */
export const useGatewayOptions = (enabled: boolean) =>
  useQuery({
    queryKey: lightingKeys.gatewayOptions,
    queryFn: () => getGateways({ pageNo: 1, pageSize: 1000 }),
    enabled,
  });
