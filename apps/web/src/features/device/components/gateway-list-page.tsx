import { type GatewayCredentials, type GatewayDto, gatewayRoutes } from '@ics/contract';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveRows } from '../../../shared/lib/realtime/live-state';
import { formatInstant } from '../../../shared/lib/time';
import { type ListColumn, ListPage, RowConfirm, selectFilter } from '../../../shared/ui/list-page';
import { NoProjectNotice, useProjects } from '../../lighting';
import { useAddGateway } from '../api/add-gateway';
import { rebootGateways } from '../api/reboot-gateways';
import { rotateCredentials } from '../api/rotate-credentials';
import '../locales';
import { CredentialsModal } from './credentials-modal';
import './device.css';

/** `lighting/GatewayList`: gateways with online state, reboot, credentials shown once. */
export default function GatewayListPage() {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const addGateway = useAddGateway();
  const [credentials, setCredentials] = useState<GatewayCredentials | null>(null);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const { patches, onRows } = useLiveRows<GatewayDto>();
  const { projects } = useProjects();

  const onAdd = async () => {
    const values = await form.validateFields();
    const created = await addGateway.mutateAsync(values);
    setAdding(false);
    form.resetFields();
    setCredentials(created.credentials);
  };

  const columns: ListColumn<GatewayDto>[] = [
    { key: 'sn', title: t('gateway.sn'), sorter: true },
    { key: 'name', title: t('common.name'), sorter: true },
    {
      key: 'online',
      title: t('gateway.state'),
      render: (_, g) => {
        const online = patches.get(g.id)?.online ?? g.online;
        return (
          <Badge
            status={online ? 'success' : 'default'}
            text={online ? t('common.online') : t('common.offline')}
          />
        );
      },
    },
    {
      key: 'lastSeen',
      title: t('gateway.lastSeen'),
      sorter: true,
      render: (_, g) => {
        const seen = patches.get(g.id)?.lastSeen ?? g.lastSeen;
        return formatInstant(seen);
      },
    },
    { key: 'deviceCount', title: t('gateway.lamps') },
    { key: 'model', title: t('gateway.model') },
    { key: 'firmware', title: t('gateway.firmware') },
    { key: 'scheduleVersion', title: t('gateway.schedule') },
  ];

  return (
    <div className="ics-device" data-testid="gateway-list">
      <NoProjectNotice />
      <ListPage<GatewayDto>
        listKey="gateways"
        routes={{ list: gatewayRoutes.list, exportXls: gatewayRoutes.exportXls }}
        onRows={onRows}
        columns={columns}
        filters={[
          { name: 'sn', label: t('gateway.sn'), kind: 'text', raw: true },
          { name: 'name', label: t('common.name'), kind: 'text', raw: true },
          selectFilter('online', t('gateway.state'), [
            ['1', t('common.online')],
            ['0', t('common.offline')],
          ]),
        ]}
        size="small"
        onAdd={() => setAdding(true)}
        addMark="lighting:gateway:add"
        actionsWidth={260}
        rowActions={(g) => (
          <>
            <RowConfirm
              mark="lighting:gateway:reboot"
              title={t('gateway.rebootConfirm', { sn: g.sn })}
              onConfirm={async () => {
                await rebootGateways([g.id]);
                message.success(t('gateway.rebootSent'));
              }}
              label={t('gateway.reboot')}
              testId={`gateway-reboot-${g.sn}`}
            />
            <RowConfirm
              mark="lighting:gateway:credentials"
              title={t('gateway.credentialsConfirm')}
              onConfirm={async () => setCredentials(await rotateCredentials(g.id))}
              label={t('gateway.credentials')}
            />
          </>
        )}
        rowDelete={{ route: gatewayRoutes.delete }}
      />
      <Modal
        open={adding}
        title={t('common.add')}
        onCancel={() => setAdding(false)}
        onOk={() => void onAdd()}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
            <Select options={projects} />
          </Form.Item>
          <Form.Item
            name="sn"
            label={t('gateway.sn')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]+$/ }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="name" label={t('common.name')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="model" label={t('gateway.model')}>
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
    </div>
  );
}
