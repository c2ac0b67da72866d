import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import '../locales';

type Query = { isError: boolean; refetch: () => unknown };

/** Why a query did not load, with a retry; nothing unless it failed. */
export function LoadFailed({ query }: { query: Query }) {
  const { t } = useTranslation('alarm');
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      title={t('common.loadFailed')}
      action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  );
}

/** A drawer's record while it loads, or why it did not with a retry. */
export function QueryState({ query }: { query: Query & { isLoading: boolean } }) {
  if (query.isLoading) return <Spin />;
  return <LoadFailed query={query} />;
}
