import { type WorkOrderDto, workOrderPriorities, workOrderRoutes, workOrderStatuses } from '@ics/contract';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FilterField,
  type ListColumn,
  ListPage,
  RowAction,
  RowEdit,
} from '../../../shared/ui/list-page';
// The filter helper alone, so that the list page's import stays on one line.
import { selectFilter } from '../../../shared/ui/list-page/list-params';
import { useProjects } from '../../lighting';
import { formatTime, priorityColors, workOrderStatusColors } from '../utils/labels';
import { WorkOrderDrawer } from './workorder-drawer';
import { WorkOrderFormModal, type WorkOrderFormTarget } from './workorder-form-modal';
import '../locales';

/** `alarm/WorkOrderList`: work orders of the caller's projects; "mine" for the assignee. */
export default function WorkOrderListPage() {
  const { t } = useTranslation('alarm');
  const { projects } = useProjects();
  const [form, setForm] = useState<WorkOrderFormTarget | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const filters: FilterField[] = [
    { name: 'keyword', label: t('workorder.keyword'), kind: 'text', raw: true },
    { name: 'projectId', label: t('common.project'), kind: 'select', options: projects },
    selectFilter(
      'status',
      t('workorder.status'),
      (['open', ...workOrderStatuses] as const).map((s) => [s, t(`workorder.statuses.${s}`)]),
    ),
    selectFilter(
      'priority',
      t('workorder.priority'),
      workOrderPriorities.map((p) => [p, t(`workorder.priorities.${p}`)]),
    ),
    selectFilter('mine', t('workorder.mine'), [['1', t('workorder.mine')]]),
    selectFilter('overdue', t('workorder.overdue'), [['1', t('workorder.overdue')]]),
  ];

  const columns: ListColumn<WorkOrderDto>[] = [
    { key: 'code', title: t('workorder.code'), width: 170, sorter: true },
    { key: 'title', title: t('workorder.title') },
    {
      key: 'priority',
      title: t('workorder.priority'),
      width: 90,
      sorter: true,
      render: (_: unknown, o: WorkOrderDto) => (
        <Tag color={priorityColors[o.priority]}>{t(`workorder.priorities.${o.priority}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('workorder.status'),
      width: 150,
      render: (_: unknown, o: WorkOrderDto) => (
        <Space size={4}>
          <Tag color={workOrderStatusColors[o.status]}>{t(`workorder.statuses.${o.status}`)}</Tag>
          {o.overdue && <Tag color="red">{t('workorder.overdue')}</Tag>}
        </Space>
      ),
    },
    { key: 'assigneeName', title: t('workorder.assignee'), render: (v: string | null) => v ?? '—' },
    {
      key: 'dueAt',
      title: t('workorder.dueAt'),
      width: 170,
      sorter: true,
      render: (v: string | null) => formatTime(v),
    },
    { key: 'projectName', title: t('common.project'), defaultHidden: true },
    {
      key: 'createTime',
      title: t('workorder.createTime'),
      width: 170,
      sorter: true,
      render: (v: string) => formatTime(v),
    },
  ];

  return (
    <div data-testid="workorder-list">
      <ListPage<WorkOrderDto>
        listKey="workorders"
        routes={{ list: workOrderRoutes.list }}
        columns={columns}
        filters={filters}
        size="small"
        onAdd={() => setForm({ kind: 'add' })}
        addMark="alarm:workorder:add"
        actionsWidth={150}
        rowActions={(o) => (
          <>
            <RowAction
              label={t('common.detail')}
              onClick={() => setOpen(o.id)}
              testId={`workorder-open-${o.code}`}
            />
            {o.status !== 'closed' && (
              <RowEdit mark="alarm:workorder:edit" onClick={() => setForm({ kind: 'edit', order: o })} />
            )}
          </>
        )}
      />
      <WorkOrderFormModal
        target={form}
        onClose={(saved) => {
          setForm(null);
          if (saved && form?.kind === 'add') setOpen(saved.id);
        }}
      />
      <WorkOrderDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
