import type { PlatformSettingsRecord } from '@ics/contract';
import { useQueryClient } from '@tanstack/react-query';
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
import { PLATFORM_SETTINGS_KEY, usePlatformSettingsRecord } from '../api/platform-settings';
import { savePlatformSettings } from '../api/save-platform-settings';
import { uploadPlatformImage } from '../api/upload-platform-image';
import '../locales';

type Values = Omit<PlatformSettingsRecord, 'platFormLogo' | 'platFormLoginSrc'>;

const HTTP_URL = /^https?:\/\/\S+$/;

/** An image setting: the shared uploader under a form label. */
function PlatformImage({
  kind,
  label,
  hint,
  url,
  onUploaded,
}: {
  kind: 'logo' | 'loginBackground';
  label: string;
  hint: string;
  url: string | null;
  onUploaded(): unknown;
}) {
  return (
    <Form.Item label={label} extra={hint}>
      <ImageUpload
        testId={`platform-${kind}`}
        shape={kind === 'logo' ? 'square' : 'wide'}
        alt={label}
        url={url}
        upload={async (dataUrl) => {
          await uploadPlatformImage(kind, dataUrl);
          await onUploaded();
        }}
      />
    </Form.Item>
  );
}

/** `/system/platform`: title, logo, login background, copyright, ICP number, registration, map tiles. */
export default function PlatformSettingsPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const rules = useFormRules();
  const client = useQueryClient();
  const settings = usePlatformSettingsRecord();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const refresh = () => client.invalidateQueries({ queryKey: PLATFORM_SETTINGS_KEY });

  const save = async (values: Values) => {
    setSaving(true);
    setFormError(null);
    try {
      const envelope = await savePlatformSettings(values);
      message.success(envelope.message || t('common.saved'));
      await refresh();
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
    <Card title={t('platform.title')} data-testid="platform-settings">
      {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} />}
      <Row gutter={32}>
        <Col xs={24} lg={12}>
          <PlatformImage
            kind="logo"
            label={t('platform.logo')}
            hint={t('platform.logoHint')}
            url={settings.data?.platFormLogo ?? null}
            onUploaded={refresh}
          />
        </Col>
        <Col xs={24} lg={12}>
          <PlatformImage
            kind="loginBackground"
            label={t('platform.loginBackground')}
            hint={t('platform.loginBackgroundHint')}
            url={settings.data?.platFormLoginSrc ?? null}
            onUploaded={refresh}
          />
        </Col>
      </Row>
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 880 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="platFormTitleCn"
              label={t('platform.titleCn')}
              rules={[rules.required('form.title.required'), rules.max(100)]}
            >
              <Input data-testid="platform-title-cn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="platFormTitleEn" label={t('platform.titleEn')} rules={[rules.max(100)]}>
              <Input data-testid="platform-title-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="platFormCopyRightName"
              label={t('platform.copyrightName')}
              rules={[rules.max(100)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="platFormCopyRightUrl"
              label={t('platform.copyrightUrl')}
              rules={[rules.max(500), rules.pattern(HTTP_URL, 'form.url.invalid')]}
            >
              <Input placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="icpNumber" label={t('platform.icpNumber')} rules={[rules.max(100)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="registerEnabled" label={t('platform.registerEnabled')} valuePropName="checked">
              <Switch data-testid="platform-register" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="tileUrl"
              label={t('platform.tileUrl')}
              extra={t('platform.tileUrlHelp')}
              rules={[
                rules.max(500),
                rules.custom(
                  (v) =>
                    HTTP_URL.test(String(v)) && ['{z}', '{x}', '{y}'].every((p) => String(v).includes(p)),
                  'form.tile_url.invalid',
                ),
              ]}
            >
              <Input
                placeholder="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                data-testid="platform-tile-url"
              />
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
