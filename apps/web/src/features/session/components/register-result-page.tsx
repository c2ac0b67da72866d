import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import '../locales';

/** Confirmation after self-registration. */
export default function RegisterResultPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  return (
    <Result
      status="success"
      title={t('registerResult.title', { username })}
      subTitle={t('registerResult.subtitle')}
      extra={[
        <Button key="login" type="primary" onClick={() => navigate('/user/login')}>
          {t('registerResult.toLogin')}
        </Button>,
      ]}
      data-testid="register-result"
    />
  );
}
