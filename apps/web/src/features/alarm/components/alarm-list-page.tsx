import {
  type AlarmDto,
  alarmCodeText,
  alarmRoutes,
  alarmSeverities,
  alarmStatuses,
  alarmTypes,
  toLanguage,
} from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call, unwrap } from '../../../shared/lib/http';
import { Has } from '../../../shared/ui/has';
import {
  dateTimeRangeFilter,
  type FilterField,
  type ListColumn,
  ListPage,
  RowAction,
  selectFilter,
} from '../../../shared/ui/list-page';
import { useProjects } from '../../lighting';
import { type AlarmAction, useAlarmAction } from '../api/alarms';
import { useAlarmLive } from '../hooks/use-alarm-live';
import { formatTime } from '../utils/labels';
import { timeRangeParams } from '../utils/time-range';
import { AlarmDetailDrawer } from './alarm-detail-drawer';
import { CommentDialog } from './comment-dialog';
import { SeverityTag } from './severity-tag';
import { WorkOrderDrawer } from './workorder-drawer';
import { WorkOrderFormModal, type WorkOrderFormTarget } from './workorder-form-modal';
import { WorkOrderLink } from './workorder-link';
import '../locales';

/** The alarms folded under a parent alarm, loaded when its row opens. */
function FoldedAlarms({ parent, columns }: { parent: AlarmDto; columns: ListColumn<AlarmDto>[] }) {
  const children = useQuery({
    queryKey: ['alarm', 'children', parent.id],
    queryFn: async () =>
      unwrap(
        await call(alarmRoutes.list, {
          query: { parentId: parent.id, status: 'all', pageNo: 1, pageSize: 100 },
        }),
      ),
  });
  return (
    <Table<AlarmDto>
      size="small"
      rowKey="id"
      loading={children.isLoading}
      dataSource={children.data?.records ?? []}
      columns={columns.map((c) => ({ ...c, dataIndex: c.key }))}
      pagination={false}
    />
  );
}

/** `alarm/AlarmList`: alarms of the caller's projects, live, with batch acknowledge and resolve. */
export default function AlarmListPage() {
  const { t, i18n } = useTranslation('alarm');
  const lang = toLanguage(i18n.language);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { projects } = useProjects();
  const act = useAlarmAction();
  const [pending, setPending] = useState<{ action: AlarmAction; ids: string[]; done: () => void } | null>(
    null,
  );
  const [detail, setDetail] = useState<string | null>(null);
  const [order, setOrder] = useState<WorkOrderFormTarget | null>(null);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const [fresh, setFresh] = useState(0);
  // `?poleId=` (the map's "show alarms"): every active alarm of that pole; `pole` is its code.
  const [params, setParams] = useSearchParams();
  const poleId = params.get('poleId');
  const poleCode = params.get('pole') ?? poleId;
  const poleQuery = useMemo(() => (poleId ? { poleId } : undefined), [poleId]);
  useAlarmLive((push) => {
    if (push.kind === 'raised') setFresh((n) => n + push.count);
  });

  const filters: FilterField[] = [
    { name: 'projectId', label: t('common.project'), kind: 'select', options: projects },
    selectFilter(
      'severity',
      t('list.severity'),
      alarmSeverities.map((s) => [s, t(`severity.${s}`)]),
    ),
    selectFilter(
      'status',
      t('list.status'),
      (['active', ...alarmStatuses, 'closed', 'all'] as const).map((s) => [s, t(`status.${s}`)]),
    ),
    selectFilter(
      'type',
      t('list.type'),
      alarmTypes.map((s) => [s, t(`type.${s}`)]),
    ),
    { name: 'keyword', label: t('list.device'), kind: 'text', raw: true },
    dateTimeRangeFilter('time', t('list.time'), timeRangeParams),
  ];

  const columns: ListColumn<AlarmDto>[] = [
    {
      key: 'severity',
      title: t('list.severity'),
      width: 90,
      render: (_: unknown, a: AlarmDto) => <SeverityTag severity={a.severity} />,
    },
    {
      key: 'status',
      title: t('list.status'),
      width: 130,
      render: (_: unknown, a: AlarmDto) => (
        <Space size={4}>
          {t(`status.${a.status}`)}
          {a.cleared && <Tag color="green">{t('list.cleared')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'code',
      title: t('list.type'),
      render: (_: unknown, a: AlarmDto) => `${t(`type.${a.type}`)} · ${alarmCodeText(a.code, lang)}`,
    },
    {
      key: 'sourceName',
      title: t('list.source'),
      render: (_: unknown, a: AlarmDto) => (
        <Space size={4}>
          {`${t(`source.${a.sourceKind}`)} ${a.sourceName ?? a.sourceId}`}
          {a.childCount > 0 && <Badge count={t('list.children', { count: a.childCount })} color="orange" />}
        </Space>
      ),
    },
    {
      key: 'workOrderCode',
      title: t('list.workOrderCode'),
      width: 150,
      render: (_: unknown, a: AlarmDto) => <WorkOrderLink alarm={a} onOpen={setOpenOrder} />,
    },
    { key: 'projectName', title: t('common.project') },
    {
      key: 'lastAt',
      title: t('list.lastAt'),
      width: 170,
      sorter: true,
      render: (v: string) => formatTime(v),
    },
    { key: 'count', title: t('list.count'), width: 70 },
  ];

  const ask = (action: AlarmAction, ids: string[], done: () => void) => setPending({ action, ids, done });
  const onConfirm = async (comment: string) => {
    if (!pending) return;
    const count = await act.mutateAsync({
      action: pending.action,
      ids: pending.ids,
      ...(comment ? { comment } : {}),
    });
    message.success(t('list.done', { count }));
    pending.done();
    setPending(null);
  };

  return (
    <div data-testid="alarm-list">
      <ListPage<AlarmDto>
        listKey="alarms"
        routes={{ list: alarmRoutes.list, exportXls: alarmRoutes.exportXls }}
        columns={columns}
        filters={filters}
        {...(poleQuery ? { extraQuery: poleQuery } : {})}
        size="small"
        selectable
        exportName={t('list.source')}
        expandable={{
          rowExpandable: (a) => a.childCount > 0,
          expandedRowRender: (a) => <FoldedAlarms parent={a} columns={columns} />,
        }}
        toolbar={(ctx) => (
          <>
            {poleId && (
              <Tag closable onClose={() => setParams({})} data-testid="alarm-pole-filter">
                {t('list.poleFilter', { code: poleCode })}
              </Tag>
            )}
            {fresh > 0 && (
              <Tag color="red" data-testid="alarm-fresh" onClick={() => setFresh(0)}>
                {t('list.newAlarms', { count: fresh })}
              </Tag>
            )}
            {(['ack', 'resolve'] as const).map((action) => (
              <Has key={action} action={`alarm:alarm:${action}`}>
                <Button
                  disabled={ctx.selectedRowKeys.length === 0}
                  data-testid={`alarm-batch-${action}`}
                  onClick={() => ask(action, ctx.selectedRowKeys.map(String), ctx.clearSelection)}
                >
                  {t(`list.${action}`)}
                </Button>
              </Has>
            ))}
            <Has action="alarm:workorder:add">
              <Button
                disabled={
                  ctx.selectedRows.length === 0 ||
                  new Set(ctx.selectedRows.map((a) => a.projectId)).size !== 1
                }
                data-testid="alarm-batch-workorder"
                onClick={() =>
                  setOrder({
                    kind: 'add',
                    projectId: ctx.selectedRows[0]?.projectId,
                    alarmIds: ctx.selectedRows.map((a) => a.id),
                    title: ctx.selectedRows
                      .slice(0, 3)
                      .map((a) => `${a.sourceName ?? a.sourceId} ${alarmCodeText(a.code, lang)}`)
                      .join(', ')
                      .slice(0, 100),
                  })
                }
              >
                {t('list.workOrder')}
              </Button>
            </Has>
          </>
        )}
        actionsWidth={220}
        rowActions={(a) => (
          <>
            <RowAction
              label={t('common.detail')}
              onClick={() => setDetail(a.id)}
              testId={`alarm-detail-${a.id}`}
            />
            {a.poleId && (
              <RowAction
                label={t('list.onMap')}
                onClick={() => navigate(`/gis/GlrGis?poleId=${encodeURIComponent(a.poleId!)}`)}
              />
            )}
            {a.deviceId && (
              <RowAction
                label={t('list.toDevice')}
                onClick={() => navigate(`/lighting/lamp?keyword=${encodeURIComponent(a.sourceName ?? '')}`)}
              />
            )}
          </>
        )}
      />
      <CommentDialog
        open={!!pending}
        title={
          pending
            ? t(pending.action === 'ack' ? 'list.ackTitle' : 'list.resolveTitle', {
                count: pending.ids.length,
              })
            : ''
        }
        {...(pending?.action === 'resolve' ? { hint: t('list.resolveHint') } : {})}
        busy={act.isPending}
        onOk={(comment) => void onConfirm(comment)}
        onCancel={() => setPending(null)}
      />
      <AlarmDetailDrawer alarmId={detail} onClose={() => setDetail(null)} onOpenWorkOrder={setOpenOrder} />
      <WorkOrderFormModal target={order} onClose={() => setOrder(null)} />
      <WorkOrderDrawer id={openOrder} onClose={() => setOpenOrder(null)} />
    </div>
  );
}
