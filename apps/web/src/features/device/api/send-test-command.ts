import { type CommandName, commandRoutes, type SendCommandResult } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type TestCommandTarget = { deviceIds?: string[]; gatewayIds?: string[] };

/** Sends any protocol command to a device or gateway (the test console's route accepts all). */
export async function sendTestCommand(
  target: TestCommandTarget,
  cmd: CommandName,
  params: Record<string, unknown>,
): Promise<SendCommandResult> {
  return unwrap(
    await call(commandRoutes.test, {
      body: {
        deviceIds: target.deviceIds ?? [],
        gatewayIds: target.gatewayIds ?? [],
        command: { cmd, params },
      },
    }),
  );
}
