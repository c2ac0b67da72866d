import { type WorkOrderDto, workOrderPriorities } from '@ics/contract';
import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHas } from '../../../shared/ui/has';
import { useProjects } from '../../lighting';
import { useAddWorkOrder, useEditWorkOrder } from '../api/workorders';
import { AssigneeSelect } from './assignee-select';
import '../locales';

/** What the form opens with: a work order to edit, or a new one (from alarms of one project). */
export type WorkOrderFormTarget =
  | { kind: 'edit'; order: WorkOrderDto }
  | { kind: 'add'; projectId?: string; alarmIds?: string[]; title?: string };

type Values = {
  projectId: string;
  title: string;
  description?: string;
  priority: WorkOrderDto['priority'];
  dueAt?: Dayjs | null;
  assigneeId?: string | null;
};

/** Creates a work order (by hand or from alarms) or edits one. */
export function WorkOrderFormModal({
  target,
  onClose,
}: {
  target: WorkOrderFormTarget | null;
  onClose: (saved?: WorkOrderDto) => void;
}) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const has = useHas();
  const [form] = Form.useForm<Values>();
  const { projects } = useProjects();
  const projectId = Form.useWatch('projectId', form);
  const add = useAddWorkOrder();
  const edit = useEditWorkOrder();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.kind === 'edit') {
      const o = target.order;
      form.setFieldsValue({
        projectId: o.projectId,
        title: o.title,
        description: o.description ?? '',
        priority: o.priority,
        dueAt: o.dueAt ? dayjs(o.dueAt) : null,
      });
    } else {
      form.setFieldsValue({
        projectId: target.projectId ?? (projects.length === 1 ? projects[0]?.value : undefined),
        title: target.title ?? '',
        priority: 'normal',
      });
    }
  }, [target, form, projects]);

  const onOk = async () => {
    const v = await form.validateFields();
    const common = {
      title: v.title.trim(),
      description: v.description?.trim() || undefined,
      priority: v.priority,
      dueAt: v.dueAt ? v.dueAt.toISOString() : null,
    };
    const saved =
      target?.kind === 'edit'
        ? await edit.mutateAsync({ id: target.order.id, ...common })
        : await add.mutateAsync({
            projectId: v.projectId,
            ...common,
            assigneeId: v.assigneeId ?? null,
            alarmIds: target?.kind === 'add' ? (target.alarmIds ?? []) : [],
          });
    message.success(t('common.saved'));
    onClose(saved);
  };

  const alarmCount = target?.kind === 'add' ? (target.alarmIds?.length ?? 0) : 0;
  return (
    <Modal
      open={!!target}
      title={
        target?.kind === 'edit' ? `${t('common.edit')} · ${target.order.code}` : t('workorder.createTitle')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void onOk()}
      onCancel={() => onClose()}
      destroyOnHidden
      data-testid="workorder-form"
    >
      {alarmCount > 0 && (
        <Typography.Paragraph>{t('workorder.fromAlarms', { count: alarmCount })}</Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        // An assignee is chosen among the project's people: another project clears the choice.
        onValuesChange={(changed: Partial<Values>) => {
          if ('projectId' in changed) form.setFieldValue('assigneeId', null);
        }}
      >
        <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
          <Select
            options={projects}
            disabled={target?.kind === 'edit' || alarmCount > 0}
            data-testid="workorder-project"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('workorder.title')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input data-testid="workorder-title" />
        </Form.Item>
        <Form.Item name="description" label={t('workorder.description')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="priority" label={t('workorder.priority')} rules={[{ required: true }]}>
          <Select
            options={workOrderPriorities.map((p) => ({ value: p, label: t(`workorder.priorities.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="dueAt" label={t('workorder.dueAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        {target?.kind === 'add' && has('alarm:workorder:assign') && (
          <Form.Item name="assigneeId" label={t('workorder.assignee')}>
            <AssigneeSelect projectId={projectId} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
