import { type CabinetDto, type CircuitDto, cabinetRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandStatusColor } from '../../../shared/ui/command-status';
import { Has } from '../../../shared/ui/has';
import {
  type ListColumn,
  ListPage,
  RowAction,
  RowDelete,
  useRefreshList,
} from '../../../shared/ui/list-page';
import { useAddCircuit } from '../api/add-circuit';
import { controlCircuits } from '../api/control-circuits';
import { useGatewayOptions } from '../api/get-gateways';
import { useAddCabinet } from '../api/save-cabinet';
import { useControl } from '../hooks/use-control';
import { resetWithProject, useProjects } from '../hooks/use-projects';
import '../locales';
import { ControlProgressDrawer, ShowProgressButton } from './control-progress-drawer';
import { NameField, RemarkField } from './device-fields';
import './lighting.css';
import { NoProjectNotice } from './no-project-notice';

/** `lighting/CabinetList`: distribution cabinets, their circuits and circuit on/off with the outcome. */
export default function CabinetListPage() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const refresh = useRefreshList(cabinetRoutes.list);
  const [adding, setAdding] = useState(false);
  const [circuitFor, setCircuitFor] = useState<CabinetDto | null>(null);
  const [form] = Form.useForm();
  const [circuitForm] = Form.useForm();
  const { projects } = useProjects();
  const control = useControl();
  const gateways = useGatewayOptions(adding);
  const addCabinet = useAddCabinet();
  const addCircuit = useAddCircuit();
  // The circuits' last state and outcome are stored with them: reload when a job ends.
  const jobDone = control.job?.done;
  useEffect(() => {
    if (jobDone) void refresh();
  }, [jobDone, refresh]);

  const circuitColumns = () => [
    { title: t('cabinet.channel'), dataIndex: 'channel', width: 80 },
    { title: t('common.name'), dataIndex: 'name' },
    { title: t('cabinet.lampCount'), dataIndex: 'lampCount', width: 80 },
    {
      title: t('cabinet.state'),
      key: 'on',
      render: (_: unknown, c: CircuitDto) =>
        c.on === null ? (
          <Badge status="default" text={t('cabinet.unknown')} />
        ) : (
          <Badge status={c.on ? 'success' : 'default'} text={c.on ? t('cabinet.on') : t('cabinet.off')} />
        ),
    },
    {
      title: t('cabinet.lastOutcome'),
      key: 'last',
      render: (_: unknown, c: CircuitDto) =>
        c.lastStatus ? (
          <Space size={4}>
            <Tag color={commandStatusColor[c.lastStatus]} data-testid={`circuit-status-${c.lastStatus}`}>
              {t(`control.statuses.${c.lastStatus}`)}
            </Tag>
            {c.lastReason}
            {c.lastTime ? dayjs(c.lastTime).format('MM-DD HH:mm:ss') : ''}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, c: CircuitDto) => (
        <Space size="small">
          <Has action="lighting:circuit:control">
            <Button size="small" onClick={() => void control.run(() => controlCircuits([c.id], true))}>
              {t('cabinet.on')}
            </Button>
            <Button
              size="small"
              onClick={() =>
                void control.run(() => controlCircuits([c.id], false), { action: 'off', count: c.lampCount })
              }
            >
              {t('cabinet.off')}
            </Button>
          </Has>
          <RowDelete route={cabinetRoutes.circuitDelete} id={c.id} onDone={refresh} />
        </Space>
      ),
    },
  ];

  const columns: ListColumn<CabinetDto>[] = [
    { key: 'code', title: t('cabinet.code') },
    { key: 'name', title: t('common.name') },
    {
      key: 'gateway',
      title: t('cabinet.gateway'),
      render: (_, c) =>
        c.gatewaySn ? <Badge status={c.gatewayOnline ? 'success' : 'default'} text={c.gatewaySn} /> : '—',
    },
    { key: 'circuits', title: t('cabinet.circuits'), render: (_, c) => c.circuits.length },
  ];

  return (
    <div className="ics-lighting" data-testid="cabinet-list">
      <NoProjectNotice />
      <ListPage<CabinetDto>
        listKey="cabinets"
        routes={{ list: cabinetRoutes.list, exportXls: cabinetRoutes.exportXls }}
        columns={columns}
        filters={[
          {
            name: 'keyword',
            label: `${t('cabinet.code')} / ${t('common.name')}`,
            kind: 'text',
            raw: true,
          },
        ]}
        size="small"
        onAdd={() => {
          resetWithProject(form, projects);
          setAdding(true);
        }}
        addMark="lighting:cabinet:add"
        toolbar={() => <ShowProgressButton control={control} />}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (cabinet) => (
            <Table<CircuitDto>
              size="small"
              rowKey="id"
              dataSource={cabinet.circuits}
              pagination={false}
              columns={circuitColumns()}
            />
          ),
        }}
        actionsWidth={180}
        rowActions={(c) => (
          <RowAction
            mark="lighting:cabinet:edit"
            label={t('cabinet.addCircuit')}
            onClick={() => {
              circuitForm.resetFields();
              circuitForm.setFieldValue('channel', (c.circuits.at(-1)?.channel ?? 0) + 1);
              setCircuitFor(c);
            }}
          />
        )}
        rowDelete={{ route: cabinetRoutes.delete }}
      />
      <Modal
        open={adding}
        title={t('common.add')}
        onCancel={() => setAdding(false)}
        onOk={async () => {
          await addCabinet.mutateAsync(await form.validateFields());
          message.success(t('common.saved'));
          setAdding(false);
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ circuitCount: 4 }}>
          <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
            <Select options={projects} />
          </Form.Item>
          <Form.Item name="code" label={t('cabinet.code')} rules={[{ required: true, max: 64 }]}>
            <Input />
          </Form.Item>
          <NameField />
          <Form.Item name="gatewayId" label={t('cabinet.gateway')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(gateways.data?.records ?? []).map((g) => ({
                value: g.id,
                label: `${g.sn} · ${g.name}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="circuitCount" label={t('cabinet.circuitCount')}>
            <InputNumber min={0} max={64} />
          </Form.Item>
          <RemarkField />
        </Form>
      </Modal>
      <Modal
        open={!!circuitFor}
        title={t('cabinet.addCircuit')}
        onCancel={() => setCircuitFor(null)}
        onOk={async () => {
          if (!circuitFor) return;
          await addCircuit.mutateAsync({ cabinetId: circuitFor.id, ...(await circuitForm.validateFields()) });
          setCircuitFor(null);
        }}
      >
        <Form form={circuitForm} layout="vertical">
          <Form.Item name="channel" label={t('cabinet.channel')} rules={[{ required: true }]}>
            <InputNumber min={1} max={64} />
          </Form.Item>
          <NameField />
        </Form>
      </Modal>
      <ControlProgressDrawer job={control.job} open={control.drawerOpen} onClose={control.closeDrawer} />
    </div>
  );
}
