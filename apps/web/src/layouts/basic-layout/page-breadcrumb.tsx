import Breadcrumb from 'antd/es/breadcrumb';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import { useSession } from '../../shared/lib/auth/session-store';
import { isRouteHandle } from '../../shared/lib/routing/route-handle';
import { routeTitle } from '../../shared/lib/routing/route-title';
import { DEFAULT_HOME } from '../../shared/utils/safe-redirect';

/** Home, then the title of each matched route below it (spec §2). */
export function PageBreadcrumb() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const menu = useSession((s) => s.permissions?.menu);
  const items: { key: string; title: React.ReactNode }[] = [
    { key: DEFAULT_HOME, title: <Link to={DEFAULT_HOME}>{t('routes.home')}</Link> },
  ];
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    if (match.handle.kind === 'static' && match.handle.home) continue;
    const title = routeTitle(match.handle, menu, i18n, match.pathname);
    if (items.some((i) => i.key === match.pathname)) continue;
    items.push({ key: match.pathname, title });
  }
  return <Breadcrumb items={items} className="ics-breadcrumb" data-testid="breadcrumb" />;
}
