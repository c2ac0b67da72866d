import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../locales';

/** Where unknown paths end (spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  return (
    <main
      style={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fff',
      }}
    >
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="not-found-home">
            {t('notFound.backHome')}
          </Button>
        }
        data-testid="not-found"
      />
    </main>
  );
}
