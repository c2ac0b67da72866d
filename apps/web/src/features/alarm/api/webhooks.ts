import {
  alarmRuleRoutes,
  type Page,
  type RouteBody,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookListItem,
} from '@ics/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { useQueryOf } from '../../../shared/hooks/use-query-of';
import { call, unwrap } from '../../../shared/lib/http';
import { alarmKeys } from './keys';

export async function getWebhooks(projectId: string): Promise<WebhookListItem[]> {
  return unwrap(await call(alarmRuleRoutes.webhookList, { query: { projectId } }));
}

/** A project's webhooks with how their latest delivery went. */
export const useWebhooks = (projectId: string | null) =>
  useQueryOf(projectId, alarmKeys.webhooks, getWebhooks);

export async function getDeliveries(
  webhookId: string,
  pageNo: number,
  pageSize: number,
): Promise<Page<WebhookDeliveryDto>> {
  return unwrap(await call(alarmRuleRoutes.webhookDeliveries, { query: { webhookId, pageNo, pageSize } }));
}

/** One page of a webhook's deliveries, newest first (the previous page stays while the next loads). */
export function useDeliveries(webhookId: string | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: alarmKeys.deliveries(webhookId ?? '', pageNo, pageSize),
    queryFn: () => getDeliveries(webhookId!, pageNo, pageSize),
    enabled: !!webhookId,
    placeholderData: keepPreviousData,
  });
}

async function addWebhook(body: RouteBody<typeof alarmRuleRoutes.webhookAdd>): Promise<WebhookDto> {
  return unwrap(await call(alarmRuleRoutes.webhookAdd, { body }));
}

async function editWebhook(body: RouteBody<typeof alarmRuleRoutes.webhookEdit>): Promise<WebhookDto> {
  return unwrap(await call(alarmRuleRoutes.webhookEdit, { body }));
}

async function deleteWebhook(id: string): Promise<void> {
  unwrap(await call(alarmRuleRoutes.webhookDelete, { query: { id } }));
}

async function testWebhook(id: string): Promise<WebhookDeliveryDto> {
  return unwrap(await call(alarmRuleRoutes.webhookTest, { body: { id } }));
}

/** Every webhook list and delivery page (a test adds a delivery and changes the latest). */
const stale = () => [['alarm', 'webhooks']];

export const useAddWebhook = () => useInvalidatingMutation(addWebhook, stale);
export const useEditWebhook = () => useInvalidatingMutation(editWebhook, stale);
export const useDeleteWebhook = () => useInvalidatingMutation(deleteWebhook, stale);

/** Sends a test delivery now and answers how it went. */
export const useTestWebhook = () => useInvalidatingMutation(testWebhook, stale);
