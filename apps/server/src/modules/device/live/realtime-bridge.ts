import type { RealtimeMessage } from '@ics/contract/server';
import { TtlCache } from '../../../lib/ttl-cache';
import { heardThroughItsJob, isCommandOutcome } from '../commands/command-events';
import type { LiveEvent, LiveEvents } from './live-events';

/** The part of the realtime hub the bridge needs. */
export type UserPush = { sendToUsers(userIds: Iterable<string>, message: RealtimeMessage): Promise<void> };

/** The users who may see a project's devices (the project module answers it). */
export type ProjectAudience = (projectId: string) => Promise<string[]>;

/** How long a project's audience is reused: most events of a busy project come every second. */
const AUDIENCE_TTL_MS = 5_000;

/**
 * Delivers device live events over the console WebSocket to the users who may see the event's
 * project, as `{ cmd: 'device', kind, projectId, payload }`. A command outcome that reaches its
 * sender through its job (see `heardThroughItsJob`) is left to the job's owner.
 */
export function bridgeLiveEventsToRealtime(
  live: LiveEvents,
  push: UserPush,
  audience: ProjectAudience,
): () => void {
  const users = new TtlCache<string, string[]>(AUDIENCE_TTL_MS);
  const deliver = async (event: LiveEvent) => {
    if (isCommandOutcome(event) && heardThroughItsJob(event)) return;
    await push.sendToUsers(await users.get(event.projectId, () => audience(event.projectId)), {
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
