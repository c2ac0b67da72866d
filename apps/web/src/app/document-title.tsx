import type { MenuNode } from '@ics/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { platformTitle, usePlatformSettings } from '../shared/hooks/use-platform-settings';
import { useSession } from '../shared/lib/auth/session-store';
import { isRouteHandle } from '../shared/lib/routing/route-handle';
import { DEFAULT_HOME } from '../shared/utils/safe-redirect';

function findTitle(nodes: readonly MenuNode[] | undefined, id: string): string | undefined {
  for (const node of nodes ?? []) {
    if (node.id === id) return node.meta?.title;
    const found = findTitle(node.children, id);
    if (found) return found;
  }
  return undefined;
}

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
  let page: string | undefined;
  if (last?.pathname !== DEFAULT_HOME && handle) {
    if (handle.kind === 'static') {
      page = handle.home
        ? undefined
        : (i18n.t as (key: string, options: object) => string)(handle.titleKey, { ns: handle.ns });
    } else {
      page = findTitle(menu, handle.menuId) ?? handle.title;
    }
  }
  const title = page ? `${page} · ${platform}` : platform;

  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
