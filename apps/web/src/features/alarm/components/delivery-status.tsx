import type { WebhookDeliveryDto } from '@ics/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import '../locales';

// Preset colours, whose text the theme keeps readable (antd's status colours are too light).
const colors: Record<WebhookDeliveryDto['status'], string> = {
  delivered: 'green',
  pending: 'orange',
  failed: 'red',
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
