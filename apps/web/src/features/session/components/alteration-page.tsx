import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/lib/http';
import { resetPassword } from '../api/reset-password';
import '../locales';
import './auth-pages.css';
import { PhoneCodePasswordFields, type PhoneCodePasswordValues } from './phone-code-password-fields';

type AlterationValues = PhoneCodePasswordValues;

/** Forgotten password: phone, code, new password and its confirmation. */
export default function AlterationPage() {
  const { t } = useTranslation('session');
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
        <PhoneCodePasswordFields
          purpose="2"
          texts="alteration"
          onSendError={(e) => setError(e ? errorMessage(e, t('alteration.failed')) : null)}
        />
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
