import {
  commandRoutes,
  type GatewayCredentials,
  type GatewayDto,
  gatewayRoutes,
  type Page,
  type RouteBody,
  type RouteQuery,
  type SendCommandResult,
} from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type GatewayListQuery = RouteQuery<typeof gatewayRoutes.list>;
export type GatewayBody = RouteBody<typeof gatewayRoutes.add>;

/** Gateways of the caller's projects (server-side paging and sorting). */
export async function listGateways(query: GatewayListQuery): Promise<Page<GatewayDto>> {
  return unwrap(await call(gatewayRoutes.list, { query }));
}

/** Adds a gateway; the answer carries its MQTT credentials, shown once. */
export async function addGateway(
  body: GatewayBody,
): Promise<GatewayDto & { credentials: GatewayCredentials }> {
  return unwrap(await call(gatewayRoutes.add, { body }));
}

export async function editGateway(body: RouteBody<typeof gatewayRoutes.edit>): Promise<GatewayDto> {
  return unwrap(await call(gatewayRoutes.edit, { body }));
}

export async function deleteGateway(id: string): Promise<void> {
  unwrap(await call(gatewayRoutes.delete, { query: { id } }));
}

/** Issues new credentials (the old password stops working); the password is shown once. */
export async function rotateCredentials(id: string): Promise<GatewayCredentials> {
  return unwrap(await call(gatewayRoutes.rotateCredentials, { body: { id } }));
}

/** Reboots gateways (`device.reboot`). */
export async function rebootGateways(gatewayIds: string[]): Promise<SendCommandResult> {
  return unwrap(
    await call(commandRoutes.gateway, {
      body: { gatewayIds, command: { cmd: 'device.reboot', params: {} } },
    }),
  );
}
