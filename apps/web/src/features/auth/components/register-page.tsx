import {
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePlatformSettings } from '../../../shared/hooks/use-platform-settings';
import { errorMessage } from '../../../shared/lib/http';
import { register } from '../api/register';
import { sendSms } from '../api/send-sms';
import '../locales';
import './auth-pages.css';
import { PASSWORD_MIN, PHONE_PATTERN, SMS_PATTERN, USERNAME_PATTERN } from './patterns';
import { SmsCodeButton } from './sms-code-button';

type RegisterValues = {
  username: string;
  password: string;
  confirm: string;
  mobile: string;
  smsCode: string;
  email?: string;
};

/** Self-registration with a phone code; only offered when the platform settings allow it. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const settings = usePlatformSettings();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (settings && !settings.registerEnabled) {
    return (
      <div className="ics-auth-page" data-testid="register-disabled">
        <h2 className="ics-auth-page__title">{t('register.disabled')}</h2>
        <p className="ics-auth-page__hint" style={{ marginTop: 0 }}>
          {t('register.disabledHint')}
        </p>
        <Link to="/user/login">{t('register.toLogin')}</Link>
      </div>
    );
  }

  const handleFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await register({
        username: values.username.trim(),
        password: values.password,
        phone: values.mobile.trim(),
        smscode: values.smsCode.trim(),
        ...(values.email?.trim() ? { email: values.email.trim() } : {}),
      });
      navigate(`/user/register-result?username=${encodeURIComponent(result.username)}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e, t('register.failed')));
      setSubmitting(false);
    }
  };

  const handleSendSms = async (): Promise<boolean> => {
    try {
      await form.validateFields(['mobile']);
      setError(null);
      await sendSms(form.getFieldValue('mobile').trim(), '0');
      return true;
    } catch (e) {
      if (e instanceof Error) setError(errorMessage(e, t('register.failed')));
      return false;
    }
  };

  return (
    <div className="ics-auth-page" data-testid="register-page">
      <h2 className="ics-auth-page__title">{t('register.title')}</h2>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="ics-auth-page__alert"
          data-testid="register-error"
        />
      ) : null}
      <Form<RegisterValues> form={form} size="large" onFinish={(v) => void handleFinish(v)}>
        <Form.Item
          name="username"
          rules={[
            { required: true, whitespace: true, message: t('rules.username') },
            { pattern: USERNAME_PATTERN, message: t('rules.usernameFormat') },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('register.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('rules.password') },
            { min: PASSWORD_MIN, message: t('rules.passwordMin') },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.password')}
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
            placeholder={t('register.confirm')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="mobile"
          rules={[
            { required: true, message: t('rules.mobile') },
            { pattern: PHONE_PATTERN, message: t('rules.mobile') },
          ]}
        >
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('register.mobile')}
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
              placeholder={t('register.smsCode')}
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <div className="ics-auth-page__side">
            <SmsCodeButton onSend={handleSendSms} />
          </div>
        </div>
        <Form.Item name="email" rules={[{ type: 'email', message: t('rules.email') }]}>
          <Input prefix={<MailOutlined />} placeholder={t('register.email')} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('register.submit')}
        </Button>
        <div className="ics-auth-page__links">
          <Link to="/user/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
