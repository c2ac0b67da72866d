import { type UserRecord, userRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';

/** Users whose username contains `text` (first 20), for pickers (announcement recipients, alarm escalation). */
export async function searchUsers(text: string): Promise<UserRecord[]> {
  const query: Record<string, string | number> = {
    pageNo: 1,
    pageSize: 20,
    column: 'username',
    order: 'asc',
  };
  if (text.trim()) query.username = `*${text.trim()}*`;
  return unwrap(await call(userRoutes.list, { query: query as never })).records;
}
