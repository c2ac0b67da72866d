import { type CommandDto, testConsoleRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Current status of commands sent from the test console. */
export async function getTestCommandStatus(ids: string[]): Promise<CommandDto[]> {
  return unwrap(
    await call(
      testConsoleRoutes.commandStatus,
      { query: { ids: ids.join(',') } },
      { silentStatuses: [0, 502, 503, 504] },
    ),
  );
}
