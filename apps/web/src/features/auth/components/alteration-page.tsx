import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/lib/http';
import { resetPassword } from '../api/reset-password';
import { sendSms } from '../api/send-sms';
import '../locales';
import './auth-pages.css';
import { PASSWORD_MIN, PHONE_PATTERN, SMS_PATTERN } from './patterns';
import { SmsCodeButton } from './sms-code-button';

type AlterationValues = { mobile: string; smsCode: string; password: string; confirm: string };

/** Forgotten password: phone, code, new password and its confirmation. */
export default function AlterationPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<AlterationValues>();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (values: AlterationValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await resetPassword({
        phone: values.mobile.trim(),
        smscode: values.smsCode.trim(),
        password: values.password,
      });
      // The login page shows the confirmation above its form.
      navigate('/user/login', { replace: true, state: { notice: t('alteration.success') } });
    } catch (e) {
      setError(errorMessage(e, t('alteration.failed')));
      setSubmitting(false);
    }
  };

  const handleSendSms = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
      setError(null);
      await sendSms(form.getFieldValue('mobile').trim(), '2');
      return true;
    } catch (e) {
      if (e instanceof Error) setError(errorMessage(e, t('alteration.failed')));
      return false;
    }
  };

  return (
    <div className="ics-auth-page" data-testid="alteration-page">
      <h2 className="ics-auth-page__title">{t('alteration.title')}</h2>
      <p className="ics-auth-page__hint">{t('alteration.hint')}</p>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="ics-auth-page__alert"
          data-testid="alteration-error"
        />
      ) : null}
      <Form<AlterationValues> form={form} size="large" onFinish={(v) => void handleFinish(v)}>
        <Form.Item
          name="mobile"
          rules={[
            { required: true, message: t('rules.mobile') },
            { pattern: PHONE_PATTERN, message: t('rules.mobile') },
          ]}
        >
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('alteration.mobile')}
            autoComplete="tel"
            maxLength={11}
          />
        </Form.Item>
        <div className="ics-auth-page__row">
          <Form.Item
            name="smsCode"
            className="ics-auth-page__grow"
            rules={[{ required: true, pattern: SMS_PATTERN, message: t('rules.smsCode') }]}
          >
            <Input
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('alteration.smsCode')}
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <div className="ics-auth-page__side">
            <SmsCodeButton onSend={handleSendSms} />
          </div>
        </div>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('rules.password') },
            { min: PASSWORD_MIN, message: t('rules.passwordMin') },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('alteration.password')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('rules.confirm') },
            ({ getFieldValue }) => ({
              validator: (_, value?: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rules.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('alteration.confirm')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('alteration.submit')}
        </Button>
        <div className="ics-auth-page__links">
          <Link to="/user/login">{t('alteration.toLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
