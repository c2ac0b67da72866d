import { type CommandDto, commandRoutes, type Page, type RouteQuery } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

export type CommandListQuery = RouteQuery<typeof commandRoutes.list>;

/** The command log: every command with its real outcome. */
export async function listCommands(query: CommandListQuery): Promise<Page<CommandDto>> {
  return unwrap(await call(commandRoutes.list, { query }));
}
