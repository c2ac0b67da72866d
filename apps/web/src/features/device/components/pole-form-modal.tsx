import type { PoleDetailDto, PoleDto } from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/lib/http';
import { getPoleDetail, useProjects } from '../../lighting';
import { useSavePole } from '../api/save-pole';

const LocationPicker = lazy(() => import('./location-picker'));

type Values = {
  projectId: string;
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  road?: string | null;
  roadId?: string | null;
  height?: number | null;
};

/** Add or edit a pole: position typed or picked on a small map, area/road, height, mounted devices. */
export function PoleFormModal({
  open,
  pole,
  onClose,
  onSaved,
}: {
  open: boolean;
  pole: PoleDto | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { projects, roads } = useProjects();
  const [picking, setPicking] = useState(false);
  const [detail, setDetail] = useState<PoleDetailDto | null>(null);
  const savePole = useSavePole();
  const projectId = Form.useWatch('projectId', form);
  const lng = Form.useWatch('longitude', form);
  const lat = Form.useWatch('latitude', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setDetail(null);
    setPicking(false);
    if (pole) {
      form.setFieldsValue({ ...pole });
      getPoleDetail(pole.id)
        .then((d) => {
          setDetail(d);
          form.setFieldValue('roadId', d.roadId);
        })
        .catch(() => undefined);
    } else if (projects.length === 1) form.setFieldValue('projectId', projects[0]?.value);
  }, [open, pole, form, projects]);

  const onOk = async () => {
    const { roadId, ...fields } = await form.validateFields();
    try {
      await savePole.mutateAsync({
        id: pole?.id,
        fields,
        roadId: roadId ?? null,
        roadBefore: detail?.roadId ?? null,
      });
      message.success(t('common.saved'));
      onSaved();
    } catch (error) {
      message.error(errorMessage(error, ''));
    }
  };

  return (
    <Modal
      open={open}
      width={720}
      title={pole ? t('common.edit') : t('common.add')}
      onCancel={onClose}
      onOk={() => void onOk()}
      confirmLoading={savePole.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="pole-form">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="projectId" label={t('common.project')} rules={[{ required: true }]}>
              <Select options={projects} disabled={!!pole} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label={t('pole.code')} rules={[{ required: true, max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="height" label={t('pole.height')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="longitude"
              label={t('pole.longitude')}
              rules={[{ required: true, type: 'number', min: -180, max: 180 }]}
            >
              <InputNumber style={{ width: '100%' }} step={0.0001} precision={6} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="latitude"
              label={t('pole.latitude')}
              rules={[{ required: true, type: 'number', min: -90, max: 90 }]}
            >
              <InputNumber style={{ width: '100%' }} step={0.0001} precision={6} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label=" ">
              <Button onClick={() => setPicking((p) => !p)} data-testid="pole-pick">
                {t('pole.pick')}
              </Button>
            </Form.Item>
          </Col>
          {picking && (
            <Col span={24} style={{ marginBottom: 12 }}>
              <div style={{ color: 'rgba(0,0,0,.5)', marginBottom: 4 }}>{t('pole.pickHint')}</div>
              <Suspense fallback={<Spin />}>
                <LocationPicker
                  value={{ lng, lat }}
                  onChange={(x, y) => form.setFieldsValue({ longitude: x, latitude: y })}
                />
              </Suspense>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="roadId" label={`${t('pole.area')} / ${t('pole.road')}`}>
              <Select
                allowClear
                placeholder={t('pole.noRoad')}
                options={roads.filter((r) => !projectId || r.projectId === projectId)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="road" label={t('pole.road')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        {pole && (
          <Form.Item label={t('pole.devices')}>
            {detail === null ? (
              <Spin size="small" />
            ) : detail.devices.length === 0 && detail.gateways.length === 0 ? (
              t('pole.noDevices')
            ) : (
              <>
                {detail.gateways.map((g) => (
                  <Tag key={g.id} color="purple">
                    {g.sn}
                  </Tag>
                ))}
                {detail.devices.map((d) => (
                  <Tag key={d.id} color={d.state.online ? 'blue' : 'default'}>
                    {d.kind} · {d.name}
                  </Tag>
                ))}
              </>
            )}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
