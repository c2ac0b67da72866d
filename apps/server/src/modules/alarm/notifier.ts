import {
  type AlarmAction,
  type AlarmDto,
  type AlarmPushMessage,
  DEFAULT_LANGUAGE,
  type Language,
  marks,
  projectName,
} from '@ics/contract/server';
import type { Database } from '../../db/database';
import type { UserPush } from '../device';
import type { ProjectService } from '../project';
import { userRoleRelation } from '../user';
import { type AlarmRow, toAlarmDto } from './alarm.repository';
import type { WebhookService } from './webhook.service';
import type { WorkOrderLinks } from './work-order-links';

/** At most this many alarms ride in one push; a storm sends the count and the first ones. */
const PUSH_ALARMS_MAX = 20;

export type AlarmNotifierDeps = {
  db: Database;
  push: UserPush;
  /** The users who may see a project (the project module's audience). */
  audience: (projectId: string) => Promise<string[]>;
  /** Whether a user holds a mark (the permission module). */
  hasMark: (userId: string, mark: string) => Promise<boolean>;
  projects: ProjectService;
  webhooks: WebhookService;
  /** The open work order of each alarm (registered by the workorder module). */
  workOrders: WorkOrderLinks;
};

/**
 * Tells people about alarms: a console push (`cmd: 'alarm'`, the bell) to the users of the
 * project whose role may see alarms, escalations to the rule's second role or user, and the
 * project's webhooks. Called by the node whose statement changed the alarms, so each change is
 * told once.
 */
export class AlarmNotifier {
  constructor(private readonly deps: AlarmNotifierDeps) {}

  /** The users of a project who may see its alarms (both answers are cached by their owners). */
  async watchersOf(projectId: string): Promise<string[]> {
    const users = await this.deps.audience(projectId);
    const allowed = await Promise.all(users.map((u) => this.deps.hasMark(u, marks.alarm.alarm.list)));
    return users.filter((_, i) => allowed[i]);
  }

  /** Alarms as sent: their projects named in `lang` (pushes and webhooks: the default language). */
  async dtos(rows: readonly AlarmRow[], lang: Language = DEFAULT_LANGUAGE): Promise<AlarmDto[]> {
    const ids = [...new Set(rows.map((r) => r.project_id))];
    // An alarm the statement just created is in no work order yet: a storm of new faults asks nothing.
    const [places, orders] = await Promise.all([
      this.deps.projects.places(ids),
      this.deps.workOrders.of(rows.filter((r) => r.inserted !== true).map((r) => r.id)),
    ]);
    const names = new Map(places.map((p) => [p.id, projectName(p, lang)]));
    return rows.map((r) => toAlarmDto(r, names.get(r.project_id) ?? null, orders.get(r.id) ?? null));
  }

  /** Pushes what happened to alarms to their projects' consoles and queues their webhooks. */
  async announce(action: AlarmAction, rows: readonly AlarmRow[]): Promise<void> {
    if (rows.length === 0) return;
    const dtos = await this.dtos(rows);
    for (const [projectId, alarms] of groupBy(dtos, (a) => a.projectId)) {
      const users = await this.watchersOf(projectId);
      if (users.length) await this.deps.push.sendToUsers(users, pushMessage(action, projectId, alarms));
    }
    await this.deps.webhooks.enqueue(action, dtos);
  }

  /** Tells the escalation role's users and the escalation user, besides the usual audience. */
  async escalate(rows: readonly AlarmRow[]): Promise<void> {
    const dtos = await this.dtos(rows);
    for (const [i, row] of rows.entries()) {
      const targets = new Set<string>(row.escalate_user_id ? [row.escalate_user_id] : []);
      if (row.escalate_role_id) {
        const holders = await this.deps.db.query<{ user_id: string }>(
          `select user_id from (${userRoleRelation}) ur where ur.role_id = $1`,
          [row.escalate_role_id],
        );
        for (const h of holders) targets.add(h.user_id);
      }
      for (const u of await this.watchersOf(row.project_id)) targets.add(u);
      if (targets.size)
        await this.deps.push.sendToUsers(targets, pushMessage('escalated', row.project_id, [dtos[i]!]));
    }
    await this.deps.webhooks.enqueue('escalated', dtos);
  }
}

function pushMessage(action: AlarmAction, projectId: string, alarms: AlarmDto[]): AlarmPushMessage {
  return {
    cmd: 'alarm',
    kind: action,
    projectId,
    count: alarms.length,
    alarms: alarms.slice(0, PUSH_ALARMS_MAX),
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
