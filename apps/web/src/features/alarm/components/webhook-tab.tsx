import { PlusOutlined } from '@ant-design/icons';
import type { WebhookDto, WebhookListItem } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../../shared/ui/has';
import { RowAction, RowConfirm, RowEdit } from '../../../shared/ui/list-page';
import { useProjects } from '../../lighting';
import { useDeleteWebhook, useEditWebhook, useTestWebhook, useWebhooks } from '../api/webhooks';
import { formatTime } from '../utils/labels';
import { DeliveryStatus } from './delivery-status';
import { SeverityTag } from './severity-tag';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { WebhookFormDrawer, type WebhookFormTarget } from './webhook-form-drawer';
import '../locales';
import { enabledColumn } from './enabled-column';
import { LoadFailed } from './query-state';

/**
 * A project's outgoing webhooks: listed with their latest delivery to everyone who sees the
 * rules; added, edited, tested and deleted with `alarm:rule:edit` (the marks of the routes).
 */
export function WebhookTab() {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const has = useHas();
  const canEdit = has('alarm:rule:edit');
  const { projects } = useProjects();
  const [chosen, setChosen] = useState<string | null>(null);
  // Webhooks belong to a project: the first one is shown until another is chosen.
  const projectId = chosen ?? projects[0]?.value ?? null;
  const hooks = useWebhooks(projectId);
  const edit = useEditWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [form, setForm] = useState<WebhookFormTarget | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookDto | null>(null);

  const toggle = async (hook: WebhookListItem, enabled: boolean) => {
    await edit.mutateAsync({ id: hook.id, url: hook.url, enabled, minSeverity: hook.minSeverity });
    message.success(t('common.saved'));
  };

  const sendTest = async (hook: WebhookListItem) => {
    const delivery = await test.mutateAsync(hook.id);
    const content = (text: string) => <span data-testid="webhook-test-result">{text}</span>;
    if (delivery.status === 'delivered')
      message.success(content(t('webhook.testOk', { status: delivery.lastStatus })));
    else
      message.error(
        content(t('webhook.testFailed', { reason: delivery.lastError ?? `HTTP ${delivery.lastStatus}` })),
        6,
      );
  };

  return (
    <div data-testid="webhook-tab">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <span id="webhook-project-label">{t('common.project')}</span>
          <Select
            aria-labelledby="webhook-project-label"
            style={{ minWidth: 240 }}
            value={projectId ?? undefined}
            onChange={(v: string) => setChosen(v)}
            options={projects}
            data-testid="webhook-project"
          />
        </Space>
        {canEdit && projectId && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ kind: 'add', projectId })}
            data-testid="webhook-add"
          >
            {t('webhook.add')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">{t('webhook.intro')}</Typography.Paragraph>
      <LoadFailed query={hooks} />
      {!projectId ? (
        <Empty description={t('webhook.chooseProject')} />
      ) : (
        <Table<WebhookListItem>
          size="small"
          rowKey="id"
          data-testid="webhook-list"
          loading={hooks.isLoading}
          dataSource={hooks.data ?? []}
          pagination={false}
          locale={{ emptyText: t('common.empty') }}
          columns={[
            {
              key: 'url',
              title: t('webhook.url'),
              render: (_, h) => (
                <Typography.Text ellipsis={{ tooltip: h.url }} style={{ maxWidth: 360 }}>
                  {h.url}
                </Typography.Text>
              ),
            },
            {
              key: 'minSeverity',
              title: t('webhook.minSeverity'),
              render: (_, h) => <SeverityTag severity={h.minSeverity} />,
            },
            enabledColumn<WebhookListItem>(t('webhook.enabled'), canEdit, (h) => h.url, toggle),
            {
              key: 'last',
              title: t('webhook.lastDelivery'),
              render: (_, h) =>
                h.lastDelivery ? (
                  <Space size={4} data-testid={`webhook-last-${h.id}`}>
                    <DeliveryStatus status={h.lastDelivery.status} lastStatus={h.lastDelivery.lastStatus} />
                    <Typography.Text type="secondary">
                      {formatTime(h.lastDelivery.createTime)}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('webhook.never')}</Typography.Text>
                ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, h) => (
                <Space size={0} wrap>
                  <RowAction
                    label={t('webhook.deliveries')}
                    onClick={() => setDeliveriesOf(h)}
                    testId={`webhook-deliveries-${h.id}`}
                  />
                  {canEdit && (
                    <>
                      <RowAction
                        label={t('webhook.test')}
                        loading={test.isPending && test.variables === h.id}
                        onClick={() => sendTest(h).catch(() => undefined)}
                        testId={`webhook-test-${h.id}`}
                      />
                      <RowEdit
                        onClick={() => setForm({ kind: 'edit', hook: h })}
                        testId={`webhook-edit-${h.id}`}
                      />
                      <RowConfirm
                        title={t('webhook.deleteConfirm')}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={async () => {
                          await remove.mutateAsync(h.id);
                          message.success(t('webhook.deleted'));
                        }}
                        danger
                        label={t('webhook.delete')}
                        testId={`webhook-delete-${h.id}`}
                      />
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <WebhookFormDrawer target={form} onClose={() => setForm(null)} />
      <WebhookDeliveriesDrawer hook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </div>
  );
}
