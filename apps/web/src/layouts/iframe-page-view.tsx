import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { isRouteHandle, type MenuRouteHandle } from '../shared/lib/routing/route-handle';
import './locales';

/** `layouts/IframePageView`: an internal page shown from the menu entry's (evaluated) url. */
export default function IframePageView() {
  const { t } = useTranslation('layout');
  const handle = useMatches()
    .map((m) => m.handle)
    .filter(isRouteHandle)
    .at(-1) as MenuRouteHandle | undefined;
  const url = handle?.kind === 'menu' ? handle.url : undefined;
  if (!url || !/^https?:\/\//i.test(url)) {
    return <p style={{ padding: 24, color: 'rgba(0,0,0,.45)' }}>{t('iframe.unavailable')}</p>;
  }
  return (
    <iframe
      title={handle?.title ?? url}
      src={url}
      style={{ width: '100%', height: 'calc(100vh - 180px)', border: 0, display: 'block' }}
    />
  );
}
