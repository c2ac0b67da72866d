import { commandRoutes, type SendCommandResult } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Reboots gateways (`device.reboot`); their state follows over the realtime channel. */
export async function rebootGateways(gatewayIds: string[]): Promise<SendCommandResult> {
  return unwrap(
    await call(commandRoutes.gateway, {
      body: { gatewayIds, command: { cmd: 'device.reboot', params: {} } },
    }),
  );
}
