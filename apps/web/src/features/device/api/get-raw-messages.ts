import { type RawMessageDto, testConsoleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Raw MQTT messages of a gateway after sequence number `after` (recording starts with the first poll). */
export async function getRawMessages(
  gatewayId: string,
  after: number,
): Promise<{ messages: RawMessageDto[]; last: number }> {
  return unwrap(
    await call(
      testConsoleRoutes.raw,
      { query: { gatewayId, after } },
      { silentStatuses: [0, 502, 503, 504] },
    ),
  );
}
