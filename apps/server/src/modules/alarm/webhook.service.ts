import { createHmac } from 'node:crypto';
import {
  type AlarmAction,
  type AlarmDto,
  type AlarmSeverity,
  severityRank,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookListItem,
  type WebhookPayload,
} from '@ics/contract/server';
import { notFound } from '../../lib/errors';
import type { ProjectScopeService, ProjectService } from '../project';
import type { DueDelivery, Webhook, WebhookRepository } from './webhook.repository';

export type WebhookOptions = {
  /** First retry after this long; each next one waits twice as long. */
  retryBaseMs: number;
  /** Attempts before a delivery is given up. */
  maxAttempts: number;
  /** How long one POST may take. */
  timeoutMs: number;
};

export const defaultWebhookOptions: WebhookOptions = {
  retryBaseMs: 5_000,
  maxAttempts: 8,
  timeoutMs: 10_000,
};

/** The header that carries the body's HMAC-SHA256 with the webhook's secret. */
export const SIGNATURE_HEADER = 'x-ics-signature';

export const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const publicView = ({ secret: _secret, ...hook }: Webhook): WebhookDto => hook;

/**
 * Projects' outgoing webhooks: alarm events are stored as deliveries and POSTed as signed JSON,
 * retried with exponential back-off until delivered or given up; every attempt is visible.
 */
export class WebhookService {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly scopes: ProjectScopeService,
    private readonly projects: ProjectService,
    readonly options: WebhookOptions = defaultWebhookOptions,
  ) {}

  private async assertProject(userId: string, projectId: string): Promise<void> {
    if (!(await this.projects.exists(projectId)) || !(await this.scopes.canSee(userId, projectId)))
      throw notFound('alarm.project_not_found');
  }

  private async own(userId: string, id: string): Promise<Webhook> {
    const hook = await this.repo.byId(id);
    if (!hook || !(await this.scopes.canSee(userId, hook.projectId)))
      throw notFound('alarm.webhook_not_found');
    return hook;
  }

  async list(userId: string, projectId: string): Promise<WebhookListItem[]> {
    await this.assertProject(userId, projectId);
    return this.repo.ofProject(projectId);
  }

  async add(
    userId: string,
    username: string,
    input: { projectId: string; url: string; secret: string; enabled: boolean; minSeverity: AlarmSeverity },
  ): Promise<WebhookDto> {
    await this.assertProject(userId, input.projectId);
    return publicView(await this.repo.add(input, username));
  }

  async edit(
    userId: string,
    input: {
      id: string;
      url: string;
      secret?: string | undefined;
      enabled: boolean;
      minSeverity: AlarmSeverity;
    },
  ): Promise<WebhookDto> {
    await this.own(userId, input.id);
    const hook = await this.repo.edit(input.id, input);
    if (!hook) throw notFound('alarm.webhook_not_found');
    return publicView(hook);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.own(userId, id);
    await this.repo.remove(id);
  }

  async deliveries(userId: string, webhookId: string, page: { pageNo: number; pageSize: number }) {
    await this.own(userId, webhookId);
    return this.repo.deliveries(webhookId, page);
  }

  /** Sends a test delivery now (then retried like any other when it fails); answers its outcome. */
  async test(userId: string, id: string): Promise<WebhookDeliveryDto> {
    const hook = await this.own(userId, id);
    const payload = { event: 'notified', at: new Date().toISOString(), test: true, webhookId: hook.id };
    const [queued] = await this.repo.enqueue([
      { webhookId: hook.id, alarmId: null, event: 'notified', payload },
    ]);
    await this.send({ id: queued!.id, url: hook.url, secret: hook.secret, payload, attempts: 0 });
    return (await this.repo.deliveryById(queued!.id))!;
  }

  /** Queues a delivery of each alarm event to its project's enabled webhooks severe enough for it. */
  async enqueue(event: AlarmAction, alarms: readonly AlarmDto[]): Promise<void> {
    if (alarms.length === 0) return;
    const hooks = await this.repo.enabledOf([...new Set(alarms.map((a) => a.projectId))]);
    if (hooks.length === 0) return;
    const at = new Date().toISOString();
    const rows = alarms.flatMap((alarm) =>
      hooks
        .filter(
          (h) =>
            h.projectId === alarm.projectId && severityRank[alarm.severity] <= severityRank[h.minSeverity],
        )
        .map((h) => ({
          webhookId: h.id,
          alarmId: alarm.id,
          event,
          payload: { event, at, alarm } satisfies WebhookPayload,
        })),
    );
    await this.repo.enqueue(rows);
  }

  /** Sends the deliveries that are due (any node may call it: each delivery is taken by one). */
  async sendDue(limit = 50): Promise<number> {
    const due = await this.repo.takeDue(limit, this.options.timeoutMs * 2);
    await Promise.all(due.map((d) => this.send(d)));
    return due.length;
  }

  private async send(d: DueDelivery): Promise<void> {
    const body = JSON.stringify(d.payload);
    const retryAt = () => {
      const attempt = d.attempts + 1;
      return attempt >= this.options.maxAttempts
        ? null
        : new Date(Date.now() + this.options.retryBaseMs * 2 ** (attempt - 1));
    };
    try {
      const response = await fetch(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(d.secret, body) },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) await this.repo.delivered(d.id, response.status);
      else await this.repo.attemptFailed(d.id, response.status, `HTTP ${response.status}`, retryAt());
    } catch (err) {
      await this.repo.attemptFailed(d.id, null, err instanceof Error ? err.message : String(err), retryAt());
    }
  }
}
