import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import '../locales';

/** A drawer's record while it loads, or why it did not with a retry. */
export function QueryState({
  query,
}: {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation('alarm');
  if (query.isLoading) return <Spin />;
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      title={t('common.loadFailed')}
      action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  );
}
