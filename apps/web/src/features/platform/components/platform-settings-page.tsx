import { isTileUrl, type PlatformSettingsRecord } from '@ics/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { serverFieldName, useFormRules } from '../../../shared/ui/form';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { usePlatformSettingsRecord } from '../api/get-platform-settings';
import { useSavePlatformSettings } from '../api/save-platform-settings';
import { useUploadPlatformImage } from '../api/upload-platform-image';
import '../locales';

type Values = Omit<PlatformSettingsRecord, 'platFormLogo' | 'platFormLoginSrc'>;

const HTTP_URL = /^https?:\/\/\S+$/;

/** An image setting: the shared uploader under a form label. */
function PlatformImage({
  kind,
  label,
  hint,
  url,
}: {
  kind: 'logo' | 'loginBackground';
  label: string;
  hint: string;
  url: string | null;
}) {
  const upload = useUploadPlatformImage();
  return (
    <Form.Item label={label} extra={hint}>
      <ImageUpload
        testId={`platform-${kind}`}
        shape={kind === 'logo' ? 'square' : 'wide'}
        alt={label}
        url={url}
        upload={(file) => upload.mutateAsync({ kind, file })}
      />
    </Form.Item>
  );
}

/** `/system/platform`: title, logo, login background, copyright, ICP number, registration, map tiles. */
export default function PlatformSettingsPage() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const rules = useFormRules();
  const settings = usePlatformSettingsRecord();
  const saveSettings = useSavePlatformSettings();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const save = async (values: Values) => {
    setSaving(true);
    setFormError(null);
    try {
      const envelope = await saveSettings.mutateAsync(values);
      message.success(envelope.message || t('common.saved'));
    } catch (failure) {
      const text = errorMessage(failure, '');
      const name = isApiError(failure)
        ? serverFieldName((failure.envelope?.result as { field?: unknown } | null)?.field)
        : undefined;
      if (name) form.setFields([{ name: name as never, errors: [text] }]);
      else setFormError(text);
    } finally {
      setSaving(false);
    }
  };

  if (settings.isLoading) return <Spin />;

  return (
    <Card title={t('title')} data-testid="platform-settings">
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
      <Row gutter={32}>
        <Col xs={24} lg={12}>
          <PlatformImage
            kind="logo"
            label={t('logo')}
            hint={t('logoHint')}
            url={settings.data?.platFormLogo ?? null}
          />
        </Col>
        <Col xs={24} lg={12}>
          <PlatformImage
            kind="loginBackground"
            label={t('loginBackground')}
            hint={t('loginBackgroundHint')}
            url={settings.data?.platFormLoginSrc ?? null}
          />
        </Col>
      </Row>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 880 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="platFormTitleCn"
              label={t('titleCn')}
              rules={rules.requiredMax(100, 'form.title.required')}
            >
              <Input data-testid="platform-title-cn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="platFormTitleEn" label={t('titleEn')} rules={[rules.max(100)]}>
              <Input data-testid="platform-title-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="platFormCopyRightName" label={t('copyrightName')} rules={[rules.max(100)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="platFormCopyRightUrl"
              label={t('copyrightUrl')}
              rules={[rules.max(500), rules.pattern(HTTP_URL, 'form.url.invalid')]}
            >
              <Input placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="icpNumber" label={t('icpNumber')} rules={[rules.max(100)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="registerEnabled" label={t('registerEnabled')} valuePropName="checked">
              <Switch data-testid="platform-register" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="tileUrl"
              label={t('tileUrl')}
              extra={t('tileUrlHelp')}
              rules={[rules.max(500), rules.custom((v) => isTileUrl(String(v)), 'form.tile_url.invalid')]}
            >
              <Input
                placeholder="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                data-testid="platform-tile-url"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="tileAttribution" label={t('tileAttribution')} rules={[rules.max(200)]}>
              <Input placeholder="© OpenStreetMap contributors" data-testid="platform-tile-attribution" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="platform-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
