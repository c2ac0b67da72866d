import { MailOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePlatformSettings } from '../../../shared/hooks/use-platform-settings';
import { register } from '../api/register';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import '../locales';
import { AuthAlert } from './auth-alert';
import './auth-pages.css';
import { USERNAME_PATTERN } from './patterns';
import { PhoneCodePasswordFields, type PhoneCodePasswordValues } from './phone-code-password-fields';

type RegisterValues = PhoneCodePasswordValues & { username: string; email?: string };

/** Self-registration with a phone code; only offered when the platform settings allow it. */
export default function RegisterPage() {
  const { t } = useTranslation('session');
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const settings = usePlatformSettings();
  const { error, fail, submitting, submit } = useAuthSubmit(t('register.failed'));

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

  const handleFinish = (values: RegisterValues) =>
    submit(async () => {
      const result = await register({
        username: values.username.trim(),
        password: values.password,
        phone: values.mobile.trim(),
        smscode: values.smsCode.trim(),
        ...(values.email?.trim() ? { email: values.email.trim() } : {}),
      });
      navigate(`/user/register-result?username=${encodeURIComponent(result.username)}`, { replace: true });
    });

  return (
    <div className="ics-auth-page" data-testid="register-page">
      <h2 className="ics-auth-page__title">{t('register.title')}</h2>
      <AuthAlert text={error} testId="register-error" />
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
        <PhoneCodePasswordFields purpose="0" texts="register" passwordFirst onSendError={fail} />
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
