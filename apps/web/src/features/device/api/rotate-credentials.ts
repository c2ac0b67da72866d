import { type GatewayCredentials, gatewayRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Issues new credentials (the old password stops working); the password is shown once. */
export async function rotateCredentials(id: string): Promise<GatewayCredentials> {
  return unwrap(await call(gatewayRoutes.rotateCredentials, { body: { id } }));
}
