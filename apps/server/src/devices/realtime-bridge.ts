import type { RealtimeMessage } from '@ics/contract/server';
import type { Queryable } from '../db/database';
import { TtlCache } from '../lib/ttl-cache';
import type { LiveEvent, LiveEvents } from './live-events';

/** The part of the realtime hub the bridge needs. */
export type UserPush = { sendToUsers(userIds: Iterable<string>, message: RealtimeMessage): Promise<void> };

/**
 * Delivers device live events over the console WebSocket, only to the users whose projects
 * include the device: administrators, and members of a department linked to the project.
 * Messages are `{ cmd: 'device', kind, projectId, payload }`.
 */
export function bridgeLiveEventsToRealtime(
  live: LiveEvents,
  db: Queryable,
  push: UserPush,
  /** Events another service delivers in its own form (a control job's outcomes, in batches). */
  deliveredElsewhere: (event: LiveEvent) => Promise<boolean> = async () => false,
): () => void {
  const audience = new TtlCache<string, string[]>(5_000);
  const usersOf = (projectId: string) =>
    audience.get(projectId, async () => {
      const rows = await db.query<{ user_id: string }>(
        `select ur.user_id from sys_user_role ur join sys_role r on r.id = ur.role_id where r.role_code = 'admin'
         union
         select ud.user_id from sys_user_depart ud join sys_project_depart pd on pd.dep_id = ud.dep_id
          where pd.project_id = $1`,
        [projectId],
      );
      return rows.map((r) => r.user_id);
    });
  const deliver = async (event: LiveEvent) => {
    if (await deliveredElsewhere(event)) return;
    await push.sendToUsers(await usersOf(event.projectId), {
      cmd: 'device',
      kind: event.kind,
      projectId: event.projectId,
      payload: event.payload,
    });
  };
  return live.subscribe((event) => {
    void deliver(event).catch(() => undefined);
  });
}
