import type { WebhookDeliveryDto } from '@ics/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import '../locales';

const colors: Record<WebhookDeliveryDto['status'], string> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'error',
};

/** How a delivery went: delivered, retrying or given up, with the receiver's HTTP status. */
export function DeliveryStatus({ status, lastStatus }: Pick<WebhookDeliveryDto, 'status' | 'lastStatus'>) {
  const { t } = useTranslation('alarm');
  return (
    <Tag color={colors[status]} data-testid={`delivery-${status}`}>
      {t(`webhook.deliveryStatus.${status}`)}
      {lastStatus !== null ? ` · ${lastStatus}` : ''}
    </Tag>
  );
}
