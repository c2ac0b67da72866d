import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** Shown when a page cannot render, typically when a lazy chunk failed to load. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error) console.error(error);
  return (
    <div role="alert" style={{ padding: '15vh 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>{t('pageError.title')}</h1>
      <p style={{ color: 'rgba(0,0,0,.45)', margin: '0 0 24px' }}>{t('pageError.description')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}
