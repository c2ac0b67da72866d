import {
  type AlarmSeverity,
  alarmSeverities,
  toLanguage,
  type WebhookDto,
  webhookFields,
} from '@ics/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rulesOf } from '../../../shared/ui/form';
import { useAddWebhook, useEditWebhook } from '../api/webhooks';
import { newWebhookSecret } from '../utils/webhook-secret';
import '../locales';

type Values = { url: string; secret?: string; enabled: boolean; minSeverity: AlarmSeverity };

/** What the drawer works on: a new webhook of a project, or an existing one. */
export type WebhookFormTarget = { kind: 'add'; projectId: string } | { kind: 'edit'; hook: WebhookDto };

// On edit the secret may stay blank (the server keeps it); a value typed must still fit.
const { required: _required, ...optionalSecret } = webhookFields.secret;

/**
 * Add or edit a webhook. The server never answers a secret back: it is typed (or generated)
 * here, shown while typing, and on edit left blank to keep the one stored.
 */
export function WebhookFormDrawer({
  target,
  onClose,
}: {
  target: WebhookFormTarget | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('alarm');
  const lang = toLanguage(i18n.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [secretVisible, setSecretVisible] = useState(false);
  const add = useAddWebhook();
  const edit = useEditWebhook();
  const isEdit = target?.kind === 'edit';
  const rules = useMemo(
    () => ({
      url: rulesOf(webhookFields.url, lang),
      secret: rulesOf(isEdit ? optionalSecret : webhookFields.secret, lang),
    }),
    [lang, isEdit],
  );

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    setSecretVisible(false);
    form.setFieldsValue(
      target.kind === 'edit'
        ? { url: target.hook.url, enabled: target.hook.enabled, minSeverity: target.hook.minSeverity }
        : { url: '', enabled: true, minSeverity: 'major' },
    );
  }, [target, form]);

  const onSave = async () => {
    const v = await form.validateFields();
    const secret = v.secret ? { secret: v.secret } : {};
    try {
      if (target?.kind === 'edit')
        await edit.mutateAsync({
          id: target.hook.id,
          url: v.url.trim(),
          enabled: v.enabled,
          minSeverity: v.minSeverity,
          ...secret,
        });
      else if (target)
        await add.mutateAsync({
          projectId: target.projectId,
          url: v.url.trim(),
          secret: v.secret ?? '',
          enabled: v.enabled,
          minSeverity: v.minSeverity,
        });
    } catch {
      // The console's HTTP client has shown the server's message; the drawer stays open to fix it.
      return;
    }
    message.success(t('common.saved'));
    onClose();
  };

  return (
    <Drawer
      open={!!target}
      title={isEdit ? t('webhook.editTitle') : t('webhook.add')}
      size={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={add.isPending || edit.isPending}
            onClick={() => void onSave()}
            data-testid="webhook-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="webhook-form">
        <Form.Item name="url" label={t('webhook.url')} extra={t('webhook.urlHint')} rules={rules.url}>
          <Input placeholder="https://" autoComplete="off" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          name="minSeverity"
          label={t('webhook.minSeverity')}
          extra={t('webhook.minSeverityHint')}
          rules={[{ required: true }]}
        >
          <Select
            options={alarmSeverities.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
            data-testid="webhook-severity"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhook.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('webhook.secret')} extra={t('webhook.secretHint')} required={!isEdit}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="secret" rules={rules.secret} noStyle>
              <Input.Password
                autoComplete="new-password"
                placeholder={isEdit ? t('webhook.secretKeep') : ''}
                visibilityToggle={{ visible: secretVisible, onVisibleChange: setSecretVisible }}
                aria-label={t('webhook.secret')}
                data-testid="webhook-secret"
              />
            </Form.Item>
            <Button
              onClick={() => {
                form.setFieldValue('secret', newWebhookSecret());
                void form.validateFields(['secret']);
                setSecretVisible(true);
              }}
              data-testid="webhook-generate"
            >
              {t('webhook.generate')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
