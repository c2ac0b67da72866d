import type {
  CommandStatus,
  ExecutionDto,
  ExecutionStatus,
  GatewayScheduleDto,
  StrategyDto,
} from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../shared/ui/has';
import {
  deleteStrategy,
  listExecutions,
  listGatewaySchedules,
  listStrategies,
  pushSchedules,
} from '../api/strategies';
import { useControl } from '../hooks/use-control';
import { useTableState } from '../hooks/use-table-state';
import '../locales';
import { toRow } from '../utils/strategy-form';
import { ControlProgressDrawer, statusColor } from './control-progress-drawer';
import { StrategyFormDrawer } from './strategy-form-drawer';
import './lighting.css';

const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const execColor: Record<ExecutionStatus, string> = {
  running: 'processing',
  done: 'success',
  skipped: 'default',
  failed: 'error',
};

function StrategiesTab() {
  const { t } = useTranslation('lighting');
  const client = useQueryClient();
  const table = useTableState<{ name?: string }>({});
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<StrategyDto | null | undefined>(undefined);
  const strategies = useQuery({
    queryKey: ['lighting', 'strategies', table.query],
    queryFn: () => listStrategies(table.query),
    placeholderData: (p) => p,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['lighting', 'strategies'] });
  const describe = (s: StrategyDto) =>
    s.actions.map((a) => {
      const row = toRow(a);
      const when =
        row.timeType === 'clock'
          ? row.time
          : `${t(`strategy.timeTypes.${row.timeType}`)}${row.offset ? ` ${row.offset > 0 ? '+' : ''}${row.offset}′` : ''}`;
      return (
        <Tag key={JSON.stringify(a)}>
          {when} {t(`strategy.actionTypes.${a.action}`)}
          {a.level !== undefined && a.action !== 'off' ? ` ${a.level}%` : ''}
        </Tag>
      );
    });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('common.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => table.setFilters({ name: name || undefined })}
        />
        <Button type="primary" onClick={() => table.setFilters({ name: name || undefined })}>
          {t('common.search')}
        </Button>
        <Has action="lighting:strategy:add">
          <Button onClick={() => setEditing(null)} data-testid="strategy-add">
            {t('common.add')}
          </Button>
        </Has>
      </Space>
      <Table<StrategyDto>
        rowKey="id"
        size="small"
        dataSource={strategies.data?.records ?? []}
        loading={strategies.isFetching && !strategies.data}
        onChange={(p, _f, s) => table.onTableChange(p, s)}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: strategies.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          { title: t('common.name'), dataIndex: 'name', key: 'name', sorter: true },
          { title: t('strategy.priority'), dataIndex: 'priority', key: 'priority', sorter: true, width: 80 },
          {
            title: t('strategy.enabled'),
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={v ? '✓' : '—'} />,
          },
          { title: t('strategy.actions'), key: 'actions', render: (_, s) => describe(s) },
          {
            title: t('strategy.targets'),
            key: 'targets',
            render: (_, s) =>
              s.targets.map((x) => (
                <Tag key={`${x.kind}:${x.id}`} color="blue">
                  {t(`strategy.targetKinds.${x.kind}`)} · {x.name ?? x.id}
                </Tag>
              )),
          },
          {
            title: t('strategy.dateRange'),
            key: 'dates',
            render: (_, s) =>
              s.startDate || s.endDate ? `${s.startDate ?? '…'} ~ ${s.endDate ?? '…'}` : '—',
          },
          { title: t('strategy.version'), dataIndex: 'version', width: 70 },
          {
            title: t('common.actions'),
            key: 'ops',
            render: (_, s) => (
              <Space size="small">
                <Has action="lighting:strategy:edit">
                  <Button size="small" type="link" onClick={() => setEditing(s)}>
                    {t('common.edit')}
                  </Button>
                </Has>
                <Has action="lighting:strategy:delete">
                  <Popconfirm
                    title={t('common.deleteConfirm')}
                    onConfirm={async () => {
                      await deleteStrategy(s.id);
                      void refresh();
                    }}
                  >
                    <Button size="small" type="link" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </Has>
              </Space>
            ),
          },
        ]}
      />
      <StrategyFormDrawer
        open={editing !== undefined}
        strategy={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
    </>
  );
}

function ExecutionsTab() {
  const { t } = useTranslation('lighting');
  const table = useTableState<object>({}, 20);
  const executions = useQuery({
    queryKey: ['lighting', 'executions', table.query],
    queryFn: () => listExecutions(table.query),
    placeholderData: (p) => p,
    refetchInterval: 10_000,
  });
  return (
    <Table<ExecutionDto>
      rowKey="id"
      size="small"
      data-testid="strategy-executions"
      dataSource={executions.data?.records ?? []}
      onChange={(p) => table.onTableChange(p, [])}
      pagination={{
        current: table.state.pageNo,
        pageSize: table.state.pageSize,
        total: executions.data?.total ?? 0,
        showTotal: (total) => t('common.total', { total }),
      }}
      columns={[
        { title: t('strategy.planned'), dataIndex: 'plannedTime', render: at },
        { title: t('strategy.executed'), dataIndex: 'executedTime', render: at },
        { title: t('common.name'), dataIndex: 'strategyName' },
        { title: t('strategy.targets'), dataIndex: 'targetKey' },
        {
          title: t('strategy.action'),
          key: 'action',
          render: (_, e) =>
            `${t(`strategy.actionTypes.${e.action}`)}${e.level !== null && e.action !== 'off' ? ` ${e.level}%` : ''}`,
        },
        {
          title: t('strategy.status'),
          dataIndex: 'status',
          render: (s: ExecutionStatus) => <Tag color={execColor[s]}>{t(`strategy.execStatuses.${s}`)}</Tag>,
        },
        {
          title: t('strategy.outcome'),
          key: 'counts',
          render: (_, e) => (e.counts ? t('control.counts', e.counts) : (e.reason ?? '—')),
        },
      ]}
    />
  );
}

function GatewaysTab() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const table = useTableState<object>({});
  const control = useControl();
  const [selected, setSelected] = useState<string[]>([]);
  const schedules = useQuery({
    queryKey: ['lighting', 'gateway-schedules', table.query],
    queryFn: () => listGatewaySchedules(table.query),
    placeholderData: (p) => p,
    refetchInterval: 5_000,
  });
  return (
    <>
      <Has action="lighting:strategy:push">
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() =>
              void control.run(async () => {
                const job = await pushSchedules({ gatewayIds: selected });
                message.success(t('strategy.pushSent'));
                return job;
              })
            }
          >
            {t('strategy.push')}
          </Button>
          {control.job && <Button onClick={control.openDrawer}>{t('control.showProgress')}</Button>}
        </Space>
      </Has>
      <Table<GatewayScheduleDto>
        rowKey="gatewayId"
        size="small"
        dataSource={schedules.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }}
        onChange={(p) => table.onTableChange(p, [])}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: schedules.data?.total ?? 0,
        }}
        columns={[
          { title: t('gateway.sn'), dataIndex: 'sn' },
          { title: t('common.name'), dataIndex: 'name' },
          {
            title: t('gateway.state'),
            dataIndex: 'online',
            render: (v: boolean) => (
              <Badge status={v ? 'success' : 'default'} text={v ? t('common.online') : t('common.offline')} />
            ),
          },
          { title: t('strategy.expected'), dataIndex: 'expectedVersion' },
          { title: t('strategy.held'), dataIndex: 'heldVersion' },
          {
            title: t('strategy.upToDate'),
            dataIndex: 'upToDate',
            render: (v: boolean) => (
              <Tag color={v ? 'green' : 'orange'}>{v ? t('strategy.upToDate') : t('strategy.outdated')}</Tag>
            ),
          },
          { title: t('strategy.fallbackLevel'), dataIndex: 'fallbackLevel' },
          {
            title: t('strategy.lastPush'),
            key: 'push',
            render: (_, g) =>
              g.lastPushStatus ? (
                <Space size={4}>
                  <Tag color={statusColor[g.lastPushStatus as CommandStatus]}>
                    {t(`control.statuses.${g.lastPushStatus}`)}
                  </Tag>
                  {at(g.lastPushTime)}
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
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
