import { type GatewayDto, gatewayRoutes, type Page, type RouteQuery } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { call, unwrap } from '../../../shared/lib/http';
import { lightingKeys } from './keys';

/** Gateways of the caller's projects (the device module's list, read for choices). */
export async function getGateways(query: RouteQuery<typeof gatewayRoutes.list>): Promise<Page<GatewayDto>> {
  return unwrap(await call(gatewayRoutes.list, { query }));
}

/** Every gateway, to choose one (a control target, a cabinet's gateway). */
export function useGatewayOptions(enabled: boolean) {
  return useQuery({
    queryKey: lightingKeys.gatewayOptions,
    queryFn: () => getGateways({ pageNo: 1, pageSize: 1000 }),
    enabled,
  });
}
