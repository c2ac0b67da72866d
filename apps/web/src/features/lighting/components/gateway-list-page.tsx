import type { GatewayCredentials, GatewayDto } from '@ics/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLivePatches } from '../../../shared/lib/realtime/live-state';
import { Has } from '../../../shared/ui/has';
import { addGateway, deleteGateway, listGateways, rebootGateways, rotateCredentials } from '../api/gateways';
import { useProjects } from '../hooks/use-projects';
import { useTableState } from '../hooks/use-table-state';
import '../locales';
import { CredentialsModal } from './credentials-modal';
import './lighting.css';

type Filters = { sn?: string; name?: string; online?: '0' | '1' };

/** `lighting/GatewayList`: gateways with online state, reboot, credentials shown once. */
export default function GatewayListPage() {
  const { t } = useTranslation('lighting');
  const { message } = App.useApp();
  const client = useQueryClient();
  const table = useTableState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [credentials, setCredentials] = useState<GatewayCredentials | null>(null);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const patches = useLivePatches();
  const { projects } = useProjects();
  const gateways = useQuery({
    queryKey: ['lighting', 'gateways', table.query],
    queryFn: () => listGateways(table.query),
    placeholderData: (p) => p,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['lighting', 'gateways'] });

  const onAdd = async () => {
    const values = await form.validateFields();
    const created = await addGateway(values);
    setAdding(false);
    form.resetFields();
    setCredentials(created.credentials);
    void refresh();
  };

  return (
    <div className="ics-lighting" data-testid="gateway-list">
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder={t('gateway.sn')}
            value={draft.sn}
            onChange={(e) => setDraft({ ...draft, sn: e.target.value || undefined })}
            onPressEnter={() => table.setFilters(draft)}
          />
          <Input
            allowClear
            placeholder={t('common.name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value || undefined })}
            onPressEnter={() => table.setFilters(draft)}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('gateway.state')}
            value={draft.online}
            onChange={(online) => setDraft({ ...draft, online })}
            options={[
              { value: '1', label: t('common.online') },
              { value: '0', label: t('common.offline') },
            ]}
          />
          <Button type="primary" onClick={() => table.setFilters(draft)}>
            {t('common.search')}
          </Button>
          <Has action="lighting:gateway:add">
            <Button onClick={() => setAdding(true)}>{t('common.add')}</Button>
          </Has>
        </Space>
      </Card>
      <Table<GatewayDto>
        rowKey="id"
        size="small"
        dataSource={gateways.data?.records ?? []}
        loading={gateways.isFetching && !gateways.data}
        onChange={(p, _f, s) => table.onTableChange(p, s)}
        pagination={{
          current: table.state.pageNo,
          pageSize: table.state.pageSize,
          total: gateways.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          { title: t('gateway.sn'), dataIndex: 'sn', key: 'sn', sorter: true },
          { title: t('common.name'), dataIndex: 'name', key: 'name', sorter: true },
          {
            title: t('gateway.state'),
            key: 'online',
            render: (_, g) => {
              const live = patches.get(g.id);
              const online = live?.online ?? g.online;
              return (
                <Badge
                  status={online ? 'success' : 'default'}
                  text={online ? t('common.online') : t('common.offline')}
                />
              );
            },
          },
          {
            title: t('gateway.lastSeen'),
            key: 'lastSeen',
            sorter: true,
            render: (_, g) => {
              const seen = patches.get(g.id)?.lastSeen ?? g.lastSeen;
              return seen ? dayjs(seen).format('YYYY-MM-DD HH:mm:ss') : '—';
            },
          },
          { title: t('gateway.lamps'), dataIndex: 'deviceCount' },
          { title: t('gateway.model'), dataIndex: 'model' },
          { title: t('gateway.firmware'), dataIndex: 'firmware' },
          { title: t('gateway.schedule'), dataIndex: 'scheduleVersion' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, g) => (
              <Space size="small">
                <Has action="lighting:gateway:reboot">
                  <Popconfirm
                    title={t('gateway.rebootConfirm', { sn: g.sn })}
                    onConfirm={async () => {
                      await rebootGateways([g.id]);
                      message.success(t('gateway.rebootSent'));
                    }}
                  >
                    <Button size="small" type="link" data-testid={`gateway-reboot-${g.sn}`}>
                      {t('gateway.reboot')}
                    </Button>
                  </Popconfirm>
                </Has>
                <Has action="lighting:gateway:credentials">
                  <Popconfirm
                    title={t('gateway.credentialsConfirm')}
                    onConfirm={async () => setCredentials(await rotateCredentials(g.id))}
                  >
                    <Button size="small" type="link">
                      {t('gateway.credentials')}
                    </Button>
                  </Popconfirm>
                </Has>
                <Has action="lighting:gateway:delete">
                  <Popconfirm
                    title={t('common.deleteConfirm')}
                    onConfirm={async () => {
                      await deleteGateway(g.id);
                      message.success(t('common.deleted'));
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
