import { type AlarmDetail, alarmCodeText, toLanguage } from '@ics/contract';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../shared/ui/has';
import { useAlarm, useAlarmComment } from '../api/alarms';
import { formatTime } from '../utils/labels';
import { SeverityTag } from './severity-tag';
import { WorkOrderLink } from './workorder-link';
import '../locales';
import { QueryState } from './query-state';

/** The facts of an alarm, its timeline and a comment box. */
function AlarmFacts({
  alarm,
  onOpenWorkOrder,
}: {
  alarm: AlarmDetail;
  onOpenWorkOrder: (workOrderId: string) => void;
}) {
  const { t, i18n } = useTranslation('alarm');
  const lang = toLanguage(i18n.language);
  const comment = useAlarmComment();
  const [text, setText] = useState('');
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'severity', label: t('list.severity'), children: <SeverityTag severity={alarm.severity} /> },
          {
            key: 'status',
            label: t('list.status'),
            children: (
              <Space>
                {t(`status.${alarm.status}`)}
                {alarm.cleared && <Tag color="green">{t('list.cleared')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'type',
            label: t('list.type'),
            children: `${t(`type.${alarm.type}`)} · ${alarmCodeText(alarm.code, lang)}`,
          },
          {
            key: 'source',
            label: t('list.source'),
            children: `${t(`source.${alarm.sourceKind}`)} ${alarm.sourceName ?? alarm.sourceId}`,
          },
          { key: 'project', label: t('common.project'), children: alarm.projectName ?? alarm.projectId },
          { key: 'first', label: t('list.firstAt'), children: formatTime(alarm.firstAt) },
          { key: 'last', label: t('list.lastAt'), children: formatTime(alarm.lastAt) },
          { key: 'count', label: t('list.count'), children: alarm.count },
          ...(alarm.workOrderId
            ? [
                {
                  key: 'workOrder',
                  label: t('list.workOrderCode'),
                  children: <WorkOrderLink alarm={alarm} onOpen={onOpenWorkOrder} />,
                },
              ]
            : []),
          ...(Object.keys(alarm.detail).length
            ? [
                {
                  key: 'detail',
                  label: t('drawer.detail'),
                  children: (
                    <Typography.Text code>
                      {Object.entries(alarm.detail)
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(', ')}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('drawer.timeline')}
      </Typography.Title>
      <Timeline
        data-testid="alarm-timeline"
        items={alarm.events.map((e) => ({
          key: e.id,
          children: (
            <div>
              <Typography.Text strong>{t(`action.${e.action}`)}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {formatTime(e.at)} · {e.actor ?? t('drawer.platform')}
              </Typography.Text>
              {e.comment && <div>{e.comment}</div>}
            </div>
          ),
        }))}
      />
      <Has action="alarm:alarm:ack">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('drawer.addComment')}
            placeholder={t('drawer.addComment')}
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            data-testid="alarm-drawer-comment"
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={comment.isPending}
            onClick={async () => {
              await comment.mutateAsync({ id: alarm.id, comment: text.trim() });
              setText('');
            }}
          >
            {t('drawer.send')}
          </Button>
        </Space.Compact>
      </Has>
    </>
  );
}

/**
 * `alarmId`'s details in a side drawer (loading, failure and retry included); the number of the
 * work order handling it opens that order through `onOpenWorkOrder`.
 */
export function AlarmDetailDrawer({
  alarmId,
  onClose,
  onOpenWorkOrder,
}: {
  alarmId: string | null;
  onClose: () => void;
  onOpenWorkOrder: (workOrderId: string) => void;
}) {
  const { t } = useTranslation('alarm');
  const alarm = useAlarm(alarmId);
  return (
    <Drawer
      open={!!alarmId}
      size={560}
      title={t('drawer.title')}
      onClose={onClose}
      data-testid="alarm-drawer"
    >
      <QueryState query={alarm} />
      {alarm.data && <AlarmFacts alarm={alarm.data} onOpenWorkOrder={onOpenWorkOrder} />}
    </Drawer>
  );
}
