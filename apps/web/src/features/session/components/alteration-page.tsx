import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { resetPassword } from '../api/reset-password';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import '../locales';
import { AuthAlert } from './auth-alert';
import './auth-pages.css';
import { PhoneCodePasswordFields, type PhoneCodePasswordValues } from './phone-code-password-fields';

type AlterationValues = PhoneCodePasswordValues;

/** Forgotten password: phone, code, new password and its confirmation. */
export default function AlterationPage() {
  const { t } = useTranslation('session');
  const [form] = Form.useForm<AlterationValues>();
  const navigate = useNavigate();
  const { error, fail, submitting, submit } = useAuthSubmit(t('alteration.failed'));

  const handleFinish = (values: AlterationValues) =>
    submit(async () => {
      await resetPassword({
        phone: values.mobile.trim(),
        smscode: values.smsCode.trim(),
        password: values.password,
      });
      // The login page shows the confirmation above its form.
      navigate('/user/login', { replace: true, state: { notice: t('alteration.success') } });
    });

  return (
    <div className="ics-auth-page" data-testid="alteration-page">
      <h2 className="ics-auth-page__title">{t('alteration.title')}</h2>
      <p className="ics-auth-page__hint">{t('alteration.hint')}</p>
      <AuthAlert text={error} testId="alteration-error" />
      <Form<AlterationValues> form={form} size="large" onFinish={(v) => void handleFinish(v)}>
        <PhoneCodePasswordFields purpose="2" texts="alteration" onSendError={fail} />
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
