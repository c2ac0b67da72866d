import type { CommandService } from './command.service';

/** Where the schedule version a gateway holds is written. */
export type HeldSchedules = { setScheduleVersion(gatewayId: string, version: string): Promise<void> };

/** A gateway that acknowledged a schedule (`lamp.schedule`) holds its version from then on. */
export function followHeldSchedules(commands: CommandService, gateways: HeldSchedules): () => void {
  return commands.onOutcome(({ payload: c }) => {
    const { version } = c.params as { version?: string };
    if (c.cmd !== 'lamp.schedule' || c.status !== 'acked' || c.deviceId || !version) return;
    void gateways.setScheduleVersion(c.gatewayId, version).catch(() => undefined);
  });
}
