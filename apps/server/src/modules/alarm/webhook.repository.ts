import type {
  AlarmAction,
  AlarmSeverity,
  WebhookDeliveryDto,
  WebhookDto,
  WebhookListItem,
} from '@ics/contract/server';
import type { Database } from '../../db/database';
import { isoOrNull } from '../../http/sql-where';

type WebhookRow = {
  id: string;
  project_id: string;
  url: string;
  secret: string;
  enabled: boolean;
  min_severity: AlarmSeverity;
  create_time: Date;
};

export type Webhook = WebhookDto & { secret: string };

type DeliveryRow = {
  id: string;
  webhook_id: string;
  alarm_id: string | null;
  event: AlarmAction;
  status: WebhookDeliveryDto['status'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_at: Date | null;
  create_time: Date;
  delivered_at: Date | null;
};

/** A delivery to send: where, the body and the secret that signs it. */
export type DueDelivery = { id: string; url: string; secret: string; payload: unknown; attempts: number };

const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  projectId: r.project_id,
  url: r.url,
  secret: r.secret,
  enabled: r.enabled,
  minSeverity: r.min_severity,
  createTime: new Date(r.create_time).toISOString(),
});

export const toDeliveryDto = (r: DeliveryRow): WebhookDeliveryDto => ({
  id: r.id,
  webhookId: r.webhook_id,
  alarmId: r.alarm_id ?? '',
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  lastStatus: r.last_status,
  lastError: r.last_error,
  nextAt: isoOrNull(r.next_at),
  createTime: new Date(r.create_time).toISOString(),
  deliveredAt: isoOrNull(r.delivered_at),
});

const DELIVERY_COLUMNS =
  'id, webhook_id, alarm_id, event, status, attempts, last_status, last_error, next_at, create_time, delivered_at';

/** The SQL of alarm_webhook and alarm_delivery. */
export class WebhookRepository {
  constructor(private readonly db: Database) {}

  async byId(id: string): Promise<Webhook | undefined> {
    const [row] = await this.db.query<WebhookRow>('select * from alarm_webhook where id = $1', [id]);
    return row && toWebhook(row);
  }

  /** A project's webhooks with their latest delivery (without their secrets). */
  async ofProject(projectId: string): Promise<WebhookListItem[]> {
    const rows = await this.db.query<
      WebhookRow & {
        last_delivery_status: WebhookDeliveryDto['status'] | null;
        last_http: number | null;
        last_at: Date | null;
      }
    >(
      `select w.*, d.status as last_delivery_status, d.last_status as last_http, d.create_time as last_at
         from alarm_webhook w
         left join lateral (
           select status, last_status, create_time from alarm_delivery
            where webhook_id = w.id order by create_time desc, id desc limit 1
         ) d on true
        where w.project_id = $1 order by w.create_time`,
      [projectId],
    );
    return rows.map(({ last_delivery_status, last_http, last_at, ...row }) => {
      const { secret: _secret, ...hook } = toWebhook(row);
      return {
        ...hook,
        lastDelivery: last_delivery_status
          ? {
              status: last_delivery_status,
              lastStatus: last_http,
              createTime: new Date(last_at!).toISOString(),
            }
          : null,
      };
    });
  }

  /** Enabled webhooks of these projects. */
  async enabledOf(projectIds: readonly string[]): Promise<Webhook[]> {
    const rows = await this.db.query<WebhookRow>(
      'select * from alarm_webhook where enabled and project_id = any($1::text[])',
      [projectIds],
    );
    return rows.map(toWebhook);
  }

  async add(
    input: { projectId: string; url: string; secret: string; enabled: boolean; minSeverity: AlarmSeverity },
    by: string,
  ): Promise<Webhook> {
    const [row] = await this.db.query<WebhookRow>(
      `insert into alarm_webhook (project_id, url, secret, enabled, min_severity, create_by)
       values ($1, $2, $3, $4, $5, $6) returning *`,
      [input.projectId, input.url, input.secret, input.enabled, input.minSeverity, by],
    );
    return toWebhook(row!);
  }

  async edit(
    id: string,
    input: { url: string; secret?: string | undefined; enabled: boolean; minSeverity: AlarmSeverity },
  ): Promise<Webhook | undefined> {
    const [row] = await this.db.query<WebhookRow>(
      `update alarm_webhook set url = $2, secret = coalesce($3, secret), enabled = $4, min_severity = $5,
         update_time = now() where id = $1 returning *`,
      [id, input.url, input.secret ?? null, input.enabled, input.minSeverity],
    );
    return row && toWebhook(row);
  }

  async remove(id: string): Promise<void> {
    await this.db.query('delete from alarm_webhook where id = $1', [id]);
  }

  /** Queues deliveries, due at once; answers them. */
  async enqueue(
    rows: ReadonlyArray<{ webhookId: string; alarmId: string | null; event: AlarmAction; payload: unknown }>,
  ): Promise<WebhookDeliveryDto[]> {
    if (rows.length === 0) return [];
    const out = await this.db.query<DeliveryRow>(
      `insert into alarm_delivery (webhook_id, alarm_id, event, payload, next_at)
       select v.w, v.a, v.e, v.p, now() from jsonb_to_recordset($1::jsonb) as v(w text, a text, e text, p jsonb)
       returning ${DELIVERY_COLUMNS}`,
      [JSON.stringify(rows.map((r) => ({ w: r.webhookId, a: r.alarmId, e: r.event, p: r.payload })))],
    );
    return out.map(toDeliveryDto);
  }

  /**
   * Takes due deliveries for `holdMs` (another node takes them over only after that): each is
   * sent by one node at a time.
   */
  async takeDue(limit: number, holdMs: number): Promise<DueDelivery[]> {
    return this.db.query<DueDelivery>(
      `update alarm_delivery d set locked_until = now() + make_interval(secs => $2::double precision / 1000)
         from alarm_webhook w
        where w.id = d.webhook_id and d.id in (
          select id from alarm_delivery
           where status = 'pending' and next_at <= now() and (locked_until is null or locked_until < now())
           order by next_at limit $1 for update skip locked)
       returning d.id, w.url, w.secret, d.payload, d.attempts`,
      [limit, holdMs],
    );
  }

  async delivered(id: string, status: number): Promise<void> {
    await this.db.query(
      `update alarm_delivery set status = 'delivered', attempts = attempts + 1, last_status = $2, last_error = null,
         delivered_at = now(), next_at = null, locked_until = null where id = $1`,
      [id, status],
    );
  }

  /** A failed attempt: retried at `nextAt`, or given up (`nextAt` null). */
  async attemptFailed(id: string, status: number | null, error: string, nextAt: Date | null): Promise<void> {
    await this.db.query(
      `update alarm_delivery set attempts = attempts + 1, last_status = $2, last_error = $3,
         status = case when $4::timestamptz is null then 'failed' else 'pending' end, next_at = $4::timestamptz,
         locked_until = null where id = $1`,
      [id, status, error.slice(0, 500), nextAt?.toISOString() ?? null],
    );
  }

  async deliveryById(id: string): Promise<WebhookDeliveryDto | undefined> {
    const [row] = await this.db.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from alarm_delivery where id = $1`,
      [id],
    );
    return row && toDeliveryDto(row);
  }

  async deliveries(
    webhookId: string,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rows: WebhookDeliveryDto[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db.query<DeliveryRow>(
        `select ${DELIVERY_COLUMNS} from alarm_delivery where webhook_id = $1 order by create_time desc, id desc
          limit $2 offset $3`,
        [webhookId, page.pageSize, (page.pageNo - 1) * page.pageSize],
      ),
      this.db.query<{ n: number }>('select count(*)::int as n from alarm_delivery where webhook_id = $1', [
        webhookId,
      ]),
    ]);
    return { rows: rows.map(toDeliveryDto), total: count?.n ?? 0 };
  }
}
