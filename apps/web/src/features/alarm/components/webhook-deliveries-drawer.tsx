import { ReloadOutlined } from '@ant-design/icons';
import type { WebhookDeliveryDto, WebhookDto } from '@ics/contract';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeliveries } from '../api/webhooks';
import { formatTime } from '../utils/labels';
import { DeliveryStatus } from './delivery-status';
import '../locales';
import { LoadFailed } from './query-state';

const PAGE_SIZE = 10;

/** A webhook's deliveries, newest first, page by page: when, what, how it went, what comes next. */
export function WebhookDeliveriesDrawer({ hook, onClose }: { hook: WebhookDto | null; onClose(): void }) {
  const { t } = useTranslation('alarm');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const deliveries = useDeliveries(hook?.id ?? null, pageNo, pageSize);

  useEffect(() => {
    if (hook) setPageNo(1);
  }, [hook]);

  return (
    <Drawer
      open={!!hook}
      title={hook ? t('webhook.deliveriesTitle', { url: hook.url }) : ''}
      size={880}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('webhook.refresh')}
          loading={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        />
      }
    >
      <LoadFailed query={deliveries} />
      <Table<WebhookDeliveryDto>
        size="small"
        rowKey="id"
        data-testid="webhook-deliveries"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.records ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={{
          current: pageNo,
          pageSize,
          total: deliveries.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, size) => {
            setPageNo(size === pageSize ? page : 1);
            setPageSize(size);
          },
        }}
        columns={[
          { key: 'time', title: t('webhook.time'), render: (_, d) => formatTime(d.createTime) },
          {
            key: 'event',
            title: t('webhook.event'),
            // A test delivery belongs to no alarm.
            render: (_, d) => (d.alarmId ? t(`action.${d.event}`) : t('webhook.testEvent')),
          },
          {
            key: 'status',
            title: t('webhook.status'),
            render: (_, d) => <DeliveryStatus status={d.status} lastStatus={null} />,
          },
          {
            key: 'http',
            title: t('webhook.httpStatus'),
            render: (_, d) => d.lastStatus ?? '—',
          },
          { key: 'attempts', dataIndex: 'attempts', title: t('webhook.attempts') },
          {
            key: 'nextAt',
            title: t('webhook.nextAt'),
            render: (_, d) => (d.status === 'pending' && d.nextAt ? formatTime(d.nextAt) : '—'),
          },
          {
            key: 'error',
            title: t('webhook.error'),
            render: (_, d) =>
              d.lastError ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: d.lastError }} style={{ maxWidth: 220 }}>
                  {d.lastError}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Drawer>
  );
}
