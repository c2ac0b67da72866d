import {
  type CommandStatus,
  describeStrategyAction,
  EMPTY_SCHEDULE_VERSION,
  type ExecutionDto,
  type ExecutionStatus,
  type GatewayScheduleDto,
  reasonText,
  type StrategyDto,
  strategyRoutes,
  toLanguage,
} from '@ics/contract';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../shared/lib/time';
import { commandStatusColor } from '../../../shared/ui/command-status';
import { Has } from '../../../shared/ui/has';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page';
import { pushSchedules } from '../api/push-schedules';
import { useControl } from '../hooks/use-control';
import '../locales';
import { ControlProgressDrawer, ShowProgressButton } from './control-progress-drawer';
import { StrategyFormDrawer } from './strategy-form-drawer';
import './lighting.css';
import { NoProjectNotice } from './no-project-notice';

const at = (v: string | null) => formatInstant(v);
const execColor: Record<ExecutionStatus, string> = {
  running: 'processing',
  done: 'success',
  skipped: 'default',
  failed: 'error',
};
/** How often the execution log and the gateways' schedule versions refresh themselves (ms). */
const EXECUTIONS_POLL_MS = 10_000;
const SCHEDULES_POLL_MS = 5_000;

function StrategiesTab() {
  const { t, i18n } = useTranslation('lighting');
  const [editing, setEditing] = useState<StrategyDto | null | undefined>(undefined);
  const lang = toLanguage(i18n.language);
  // The same words as the export writes (the contract's display module).
  const describe = (s: StrategyDto) =>
    s.actions.map((a) => (
      <Tag key={JSON.stringify(a)} data-testid="strategy-action">
        {describeStrategyAction(a, lang)}
      </Tag>
    ));
  const columns: ListColumn<StrategyDto>[] = [
    { key: 'name', title: t('common.name'), sorter: true },
    { key: 'priority', title: t('strategy.priority'), sorter: true, width: 80 },
    {
      key: 'enabled',
      title: t('strategy.enabled'),
      width: 80,
      render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={v ? '✓' : '—'} />,
    },
    { key: 'actions', title: t('strategy.actions'), render: (_, s) => describe(s) },
    {
      key: 'targets',
      title: t('strategy.targets'),
      render: (_, s) =>
        s.targets.map((x) => (
          <Tag key={`${x.kind}:${x.id}`} color="blue">
            {t(`strategy.targetKinds.${x.kind}`)} · {x.name ?? x.id}
          </Tag>
        )),
    },
    {
      key: 'dates',
      title: t('strategy.dateRange'),
      render: (_, s) => (s.startDate || s.endDate ? `${s.startDate ?? '…'} ~ ${s.endDate ?? '…'}` : '—'),
    },
    { key: 'version', title: t('strategy.version'), width: 70 },
  ];
  return (
    <>
      <ListPage<StrategyDto>
        listKey="strategies"
        routes={{ list: strategyRoutes.list, exportXls: strategyRoutes.exportXls }}
        columns={columns}
        filters={[{ name: 'name', label: t('common.name'), kind: 'text', raw: true }]}
        size="small"
        bordered={false}
        onAdd={() => setEditing(null)}
        addMark="lighting:strategy:add"
        addTestId="strategy-add"
        actionsWidth={140}
        rowEdit={{ mark: 'lighting:strategy:edit', onEdit: setEditing }}
        rowDelete={{ route: strategyRoutes.delete, testId: (s) => `strategy-delete-${s.name}` }}
      />
      <StrategyFormDrawer
        open={editing !== undefined}
        strategy={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </>
  );
}

function ExecutionsTab() {
  const { t, i18n } = useTranslation('lighting');
  const lang = toLanguage(i18n.language);
  const columns: ListColumn<ExecutionDto>[] = [
    { key: 'plannedTime', title: t('strategy.planned'), render: (v: string | null) => at(v) },
    { key: 'executedTime', title: t('strategy.executed'), render: (v: string | null) => at(v) },
    { key: 'strategyName', title: t('common.name') },
    { key: 'targetKey', title: t('strategy.targets') },
    {
      key: 'action',
      title: t('strategy.action'),
      render: (_, e) =>
        `${t(`strategy.actionTypes.${e.action}`)}${e.level !== null && e.action !== 'off' ? ` ${e.level}%` : ''}`,
    },
    {
      key: 'status',
      title: t('strategy.status'),
      render: (s: ExecutionStatus) => <Tag color={execColor[s]}>{t(`strategy.execStatuses.${s}`)}</Tag>,
    },
    {
      key: 'counts',
      title: t('strategy.outcome'),
      render: (_, e) => (e.counts ? t('control.counts', e.counts) : reasonText(e.reason, lang) || '—'),
    },
  ];
  return (
    <div data-testid="strategy-executions">
      <ListPage<ExecutionDto>
        listKey="strategy-executions"
        routes={{ list: strategyRoutes.executions }}
        columns={columns}
        size="small"
        bordered={false}
        defaultPageSize={20}
        refetchInterval={EXECUTIONS_POLL_MS}
      />
    </div>
  );
}

function GatewaysTab() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const control = useControl();
  const version = (v: string | null) =>
    v === null ? '—' : v === EMPTY_SCHEDULE_VERSION ? t('strategy.emptySchedule') : v;
  const columns: ListColumn<GatewayScheduleDto>[] = [
    { key: 'sn', title: t('gateway.sn') },
    { key: 'name', title: t('common.name') },
    {
      key: 'online',
      title: t('gateway.state'),
      render: (v: boolean) => (
        <Badge status={v ? 'success' : 'default'} text={v ? t('common.online') : t('common.offline')} />
      ),
    },
    { key: 'expectedVersion', title: t('strategy.expected'), render: version },
    { key: 'heldVersion', title: t('strategy.held'), render: version },
    {
      key: 'upToDate',
      title: t('strategy.upToDate'),
      render: (v: boolean) => (
        <Tag color={v ? 'green' : 'orange'}>{v ? t('strategy.upToDate') : t('strategy.outdated')}</Tag>
      ),
    },
    { key: 'fallbackLevel', title: t('strategy.fallbackLevel') },
    {
      key: 'push',
      title: t('strategy.lastPush'),
      render: (_, g) =>
        g.lastPushStatus ? (
          <Space size={4}>
            <Tag color={commandStatusColor[g.lastPushStatus as CommandStatus]}>
              {t(`control.statuses.${g.lastPushStatus}`)}
            </Tag>
            {at(g.lastPushTime)}
          </Space>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <ListPage<GatewayScheduleDto>
        listKey="gateway-schedules"
        routes={{ list: strategyRoutes.gatewaySchedules }}
        columns={columns}
        rowKey="gatewayId"
        size="small"
        bordered={false}
        selectable
        refetchInterval={SCHEDULES_POLL_MS}
        toolbar={(ctx) => (
          <Has action="lighting:strategy:push">
            <Button
              type="primary"
              disabled={ctx.selectedRowKeys.length === 0}
              onClick={() =>
                void control.run(async () => {
                  const job = await pushSchedules({ gatewayIds: ctx.selectedRowKeys.map(String) });
                  message.success(t('strategy.pushSent'));
                  return job;
                })
              }
            >
              {t('strategy.push')}
            </Button>
            <ShowProgressButton control={control} />
          </Has>
        )}
      />
      <ControlProgressDrawer job={control.job} open={control.drawerOpen} onClose={control.closeDrawer} />
    </>
  );
}

/** `lighting/StrategyList`: strategies (form + 7-day preview), execution log, gateway schedule versions. */
export default function StrategyListPage() {
  const { t } = useTranslation('lighting');
  return (
    <Card size="small" className="ics-lighting" data-testid="strategy-list">
      <NoProjectNotice />
      <Tabs
        items={[
          { key: 'list', label: t('strategy.tabs.list'), children: <StrategiesTab /> },
          { key: 'executions', label: t('strategy.tabs.executions'), children: <ExecutionsTab /> },
          { key: 'gateways', label: t('strategy.tabs.gateways'), children: <GatewaysTab /> },
        ]}
      />
    </Card>
  );
}
