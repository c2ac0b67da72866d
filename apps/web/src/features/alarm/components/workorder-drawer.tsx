import type { WorkOrderAction, WorkOrderDetail } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/lib/auth/session-store';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { Has, useHas } from '../../../shared/ui/has';
import { useAddNote, useAssignWorkOrder, useMoveWorkOrder, useWorkOrder } from '../api/workorders';
import { formatTime, priorityColors, workOrderStatusColors } from '../utils/labels';
import { readPhotos } from '../utils/read-photos';
import { availableSteps } from '../utils/workorder-steps';
import { AssigneeSelect } from './assignee-select';
import { WorkOrderPhotos } from './workorder-photos';
import '../locales';
import { QueryState } from './query-state';

/** The steps the caller may take, each asking for a note; closing over an active fault asks again. */
function Steps({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('alarm');
  const { message, modal } = App.useApp();
  const has = useHas();
  const userId = useSession((s) => s.userInfo?.id);
  const move = useMoveWorkOrder();
  const [step, setStep] = useState<WorkOrderAction | null>(null);
  const [note, setNote] = useState('');
  const steps = availableSteps(order, {
    userId,
    dispatcher: has('alarm:workorder:assign'),
    editor: has('alarm:workorder:edit'),
  });

  const run = async (action: WorkOrderAction, force: boolean) => {
    try {
      await move.mutateAsync({ id: order.id, action, force, ...(note.trim() ? { note: note.trim() } : {}) });
      message.success(t('workorder.moved'));
      setStep(null);
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'workorder.fault_active') {
        const count = ((error.envelope?.result as { alarmIds?: string[] } | null)?.alarmIds ?? []).length;
        modal.confirm({
          title: t('workorder.faultActive'),
          content: t('workorder.faultActiveText', { count }),
          okText: t('workorder.forceClose'),
          okButtonProps: { danger: true, 'data-testid': 'workorder-force-close' } as { danger: boolean },
          cancelText: t('common.cancel'),
          onOk: () => run(action, true),
        });
        return;
      }
      if (isApiError(error) && error.status === 409)
        message.error(errorMessage(error, t('common.loadFailed')));
      throw error;
    }
  };

  if (steps.length === 0) return null;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {steps.map((s) => (
          <Button
            key={s}
            type={s === 'close' || s === 'reject' ? 'default' : 'primary'}
            danger={s === 'reject'}
            data-testid={`workorder-step-${s}`}
            onClick={() => {
              setNote('');
              setStep(s);
            }}
          >
            {t(`workorder.actions.${s}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={!!step}
        title={step ? `${t(`workorder.actions.${step}`)} · ${order.code}` : ''}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={move.isPending}
        onOk={() => void run(step!, false).catch(() => undefined)}
        onCancel={() => setStep(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={t('workorder.note')}
          data-testid="workorder-step-note"
          value={note}
          rows={3}
          maxLength={2000}
          placeholder={t('common.commentPlaceholder')}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}

/** Assigning from the drawer (mark `alarm:workorder:assign`). */
function Assign({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('alarm');
  const assign = useAssignWorkOrder();
  const [assignee, setAssignee] = useState<string | null>(order.assigneeId);
  if (!['new', 'assigned', 'in_progress', 'rejected'].includes(order.status)) return null;
  return (
    <Has action="alarm:workorder:assign">
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <div style={{ flex: 1 }}>
          <AssigneeSelect
            projectId={order.projectId}
            value={assignee}
            onChange={setAssignee}
            initialLabel={order.assigneeName}
          />
        </div>
        <Button
          type="primary"
          disabled={!assignee || assignee === order.assigneeId}
          loading={assign.isPending}
          data-testid="workorder-assign"
          onClick={() => void assign.mutateAsync({ id: order.id, assigneeId: assignee! })}
        >
          {t('workorder.assign')}
        </Button>
      </Space.Compact>
    </Has>
  );
}

/** A note with photos (checked again by the server). */
function NoteForm({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const add = useAddNote();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  if (order.status === 'closed') return null;
  return (
    <Has action="alarm:workorder:edit">
      <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
        <Input.TextArea
          aria-label={t('workorder.addNote')}
          placeholder={t('workorder.addNote')}
          value={text}
          rows={2}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          data-testid="workorder-note-text"
        />
        <Space wrap>
          {photos.map((p, i) => (
            <Image
              key={p.slice(-32) + String(i)}
              src={p}
              width={64}
              height={64}
              alt={`${t('workorder.photos')} ${i + 1}`}
            />
          ))}
        </Space>
        <Typography.Text type="secondary">{t('workorder.photoHint')}</Typography.Text>
        <Space>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            aria-label={t('workorder.photos')}
            data-testid="workorder-note-photos"
            onChange={async (e) => {
              const { photos: read, refused } = await readPhotos([...(e.target.files ?? [])], photos.length);
              if (refused.length) message.warning(`${t('workorder.photoTooLarge')}: ${refused.join(', ')}`);
              setPhotos((p) => [...p, ...read]);
              e.target.value = '';
            }}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={add.isPending}
            data-testid="workorder-note-send"
            onClick={async () => {
              await add.mutateAsync({ id: order.id, text: text.trim(), photos });
              setText('');
              setPhotos([]);
            }}
          >
            {t('drawer.send')}
          </Button>
        </Space>
      </Space>
    </Has>
  );
}

function OrderFacts({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation('alarm');
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'status',
            label: t('workorder.status'),
            children: (
              <Space size={4}>
                <Tag color={workOrderStatusColors[order.status]}>
                  {t(`workorder.statuses.${order.status}`)}
                </Tag>
                {order.overdue && <Tag color="red">{t('workorder.overdue')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'priority',
            label: t('workorder.priority'),
            children: (
              <Tag color={priorityColors[order.priority]}>{t(`workorder.priorities.${order.priority}`)}</Tag>
            ),
          },
          { key: 'project', label: t('common.project'), children: order.projectName ?? order.projectId },
          { key: 'assignee', label: t('workorder.assignee'), children: order.assigneeName ?? '—' },
          { key: 'due', label: t('workorder.dueAt'), children: formatTime(order.dueAt) || '—' },
          {
            key: 'createdBy',
            label: t('workorder.createdBy'),
            children: `${order.createdBy} · ${formatTime(order.createTime)}`,
          },
          { key: 'alarms', label: t('workorder.alarms'), children: order.alarmIds.length },
          ...(order.description
            ? [{ key: 'description', label: t('workorder.description'), children: order.description }]
            : []),
        ]}
      />
      <Steps order={order} />
      <Assign order={order} />
      <Typography.Title level={5}>{t('workorder.notes')}</Typography.Title>
      <Timeline
        data-testid="workorder-notes"
        items={order.notes.map((n) => ({
          key: n.id,
          children: (
            <div>
              <Typography.Text type="secondary">
                {formatTime(n.at)} · {n.author}
              </Typography.Text>
              {n.status && (
                <Tag color={workOrderStatusColors[n.status]} style={{ marginLeft: 8 }}>
                  {t(`workorder.statuses.${n.status}`)}
                </Tag>
              )}
              {n.text && <div>{n.text}</div>}
              <WorkOrderPhotos order={order} note={n} />
            </div>
          ),
        }))}
      />
      <NoteForm order={order} />
    </>
  );
}

/** A work order in a side drawer: facts, the steps the caller may take, assigning, notes and photos. */
export function WorkOrderDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const order = useWorkOrder(id);
  return (
    <Drawer
      open={!!id}
      size={600}
      title={order.data ? `${order.data.code} · ${order.data.title}` : ''}
      onClose={onClose}
      data-testid="workorder-drawer"
    >
      <QueryState query={order} />
      {order.data && <OrderFacts order={order.data} />}
    </Drawer>
  );
}
