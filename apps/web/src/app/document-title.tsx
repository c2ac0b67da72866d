import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { platformTitle, usePlatformSettings } from '../shared/hooks/use-platform-settings';
import { useSession } from '../shared/lib/auth/session-store';
import { isRouteHandle } from '../shared/lib/routing/route-handle';
import { routeTitle } from '../shared/lib/routing/route-title';
import { DEFAULT_HOME } from '../shared/utils/safe-redirect';

/** "page title · platform title"; the home page shows just the platform title (spec §2). */
export function DocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const settings = usePlatformSettings();
  const userTitle = useSession((s) => s.userInfo?.platFormTitleCn);
  const menu = useSession((s) => s.permissions?.menu);
  const platform = platformTitle(settings, t('appName'), userTitle);

  const last = matches.at(-1);
  const handle = [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle);
  const home = last?.pathname === DEFAULT_HOME || (handle?.kind === 'static' && handle.home);
  const page = home ? undefined : routeTitle(handle, menu, i18n, '');
  const title = page ? `${page} · ${platform}` : platform;

  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
