import { type GatewayCredentials, type GatewayDto, gatewayRoutes, type RouteBody } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

/** Adds a gateway; the answer carries its MQTT credentials, shown once. */
export async function addGateway(
  body: RouteBody<typeof gatewayRoutes.add>,
): Promise<GatewayDto & { credentials: GatewayCredentials }> {
  return unwrap(await call(gatewayRoutes.add, { body }));
}

/** Adds a gateway; the gateway list loads again. */
export const useAddGateway = () => useListMutation(addGateway, gatewayRoutes.list);
