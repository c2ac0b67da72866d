import { QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import Drawer from 'antd/es/drawer';
import Layout from 'antd/es/layout';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartSelectModal } from '../../features/depart';
import { AccountInfoModal, ChangePasswordModal } from '../../features/session';
import { SettingsDrawer, updatePreferences, usePreferences } from '../../features/settings';
import { platformTitle, usePlatformSettings } from '../../shared/hooks/use-platform-settings';
import { hasPermission } from '../../shared/lib/auth/has-permission';
import { fetchPermissions, logout } from '../../shared/lib/auth/session';
import { setPermissions, useSession } from '../../shared/lib/auth/session-store';
import { currentLanguage } from '../../shared/lib/i18n/i18n';
import { queryClient } from '../../shared/lib/query-client';
import { realtime } from '../../shared/lib/realtime';
import { FeedbackBridge } from '../../shared/ui/feedback-bridge';
import { PlatformBrand, PlatformLogo } from '../../shared/ui/platform-logo';
import '../locales';
import { PlatformFooter } from '../platform-footer';
import './basic-layout.css';
import { consoleServiceUrl, logoutTarget } from './cas-logout';
import { GlobalHeader } from './global-header';
import './locales';
import { THEME_TOKENS } from '../../shared/ui/theme';
import { type MenuAccess, visibleMenu } from './menu-items';
import { PageBreadcrumb } from './page-breadcrumb';
import { KeepAlivePages, PageTabStrip, usePageTabs } from './page-tabs';
import { SideMenu, TopMenu } from './side-menu';
import { useDevice } from './use-device';

/** Side menu widths (spec §9). */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;

/**
 * Leaves the app for the login page and reloads, so routes generated for this user are gone;
 * with a central sign-on server, its logout page (which comes back to the console) instead.
 */
function reloadToLogin(casUrl: string | null | undefined) {
  const cas = logoutTarget(casUrl, consoleServiceUrl(window.location));
  if (cas) {
    window.location.assign(cas);
    return;
  }
  window.location.replace(`${window.location.pathname}${window.location.search}#/user/login`);
  window.location.reload();
}

/**
 * The signed-in layout. It also provides what only signed-in pages need: the query cache,
 * the theme colour of the settings and antd's <App> (whose notification and modal then serve
 * the HTTP client too).
 */
export default function BasicLayout() {
  const primaryColor = usePreferences((p) => p.primaryColor);
  const theme = useMemo(
    () => ({ token: { ...THEME_TOKENS, colorPrimary: primaryColor, colorLink: primaryColor } }),
    [primaryColor],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <App component={false}>
          <FeedbackBridge />
          <Shell />
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Hides the fixed header while scrolling down (when the setting asks for it). */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > 100 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/** Departments are asked for once per page load when the user has none selected. */
let departAsked = false;

function Shell() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const { modal, message } = App.useApp();
  const user = useSession((s) => s.userInfo);
  const permissions = useSession((s) => s.permissions);
  const settings = usePlatformSettings();
  const prefs = usePreferences();
  const device = useDevice();
  const mobile = device !== 'desktop';
  const topMenu = prefs.layout === 'topmenu' && !mobile;
  const collapsed = !prefs.sidebarOpen;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [depart, setDepart] = useState<{ open: boolean; closable: boolean }>({ open: false, closable: true });
  const multipage = prefs.multipage && !mobile;
  const tabs = usePageTabs(multipage);
  const headerHidden = useHeaderHidden(prefs.fixedHeader && prefs.autoHideHeader);

  // Menus the permission list allows (spec §6): entries naming marks need one of them.
  const canSee = useCallback<MenuAccess>(
    (node) => {
      const marks = node.meta?.permissionList ?? [];
      if (!marks.length || !permissions) return true;
      return marks.some((m) => hasPermission(m.action, permissions));
    },
    [permissions],
  );
  const entries = useMemo(() => visibleMenu(permissions?.menu, canSee), [permissions, canSee]);
  const title = platformTitle(settings, tc('appName'), user?.platFormTitleCn);

  // The realtime socket lives as long as the signed-in layout.
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);

  // Colour-weak mode filters the whole page.
  useEffect(() => {
    document.documentElement.classList.toggle('ics-color-weak', prefs.colorWeak);
    return () => document.documentElement.classList.remove('ics-color-weak');
  }, [prefs.colorWeak]);

  // On first display a user without a current department chooses one (spec §2).
  useEffect(() => {
    if (departAsked || !user || user.orgCode) return;
    departAsked = true;
    setDepart({ open: true, closable: false });
  }, [user]);

  // Menu titles come from the server in the request language: fetch them again on a switch.
  const language = currentLanguage();
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language === firstLanguage.current) return;
    firstLanguage.current = language;
    fetchPermissions(language)
      .then(setPermissions)
      .catch(() => undefined);
  }, [language]);

  const handleLogout = () => {
    modal.confirm({
      title: t('header.logoutConfirmTitle'),
      content: t('header.logoutConfirmContent'),
      okText: tc('actions.ok'),
      cancelText: tc('actions.cancel'),
      onOk: async () => {
        try {
          await logout();
        } catch {
          void message.error(t('header.logoutFailed'));
          return;
        }
        realtime.stop();
        reloadToLogin(settings?.casUrl);
      },
    });
  };

  const closeDepart = useCallback(() => setDepart((d) => ({ ...d, open: false })), []);

  const toggleMenu = () => {
    if (mobile) setDrawerOpen((o) => !o);
    else updatePreferences({ sidebarOpen: collapsed });
  };

  const menuTheme = prefs.navTheme;
  const logo = (
    <div className={`ics-shell__logo ics-shell__logo--${menuTheme}`}>
      <PlatformLogo logo={settings?.platFormLogo} size={32} alt={title} />
    </div>
  );

  const sideMenu = (
    <SideMenu
      entries={entries}
      collapsed={!mobile && collapsed}
      theme={menuTheme}
      onSelected={mobile ? () => setDrawerOpen(false) : undefined}
    />
  );

  const classes = [
    'ics-shell',
    `ics-shell--${topMenu ? 'topmenu' : 'sidemenu'}`,
    `ics-shell--${menuTheme}`,
    mobile ? 'ics-shell--mobile' : '',
    prefs.fixedHeader ? 'ics-shell--fixed-header' : '',
    prefs.fixSiderbar && !topMenu ? 'ics-shell--fixed-sider' : '',
    topMenu && prefs.contentWidth === 'Fixed' ? 'ics-shell--fixed-width' : '',
    headerHidden ? 'ics-shell--header-hidden' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Layout
      className={classes}
      hasSider={!topMenu && !mobile}
      data-testid="basic-layout"
      data-device={device}
    >
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH}
          closable={false}
          rootClassName={`ics-menu-drawer ics-menu-drawer--${menuTheme}`}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          {logo}
          {sideMenu}
        </Drawer>
      ) : topMenu ? null : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          theme={menuTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          className="ics-shell__sider"
          data-testid="sider"
        >
          {logo}
          {sideMenu}
        </Layout.Sider>
      )}
      <Layout className="ics-shell__main">
        <Layout.Header
          className={`ics-header ics-header--${topMenu ? menuTheme : 'light'}`}
          data-testid="header"
        >
          <GlobalHeader
            title={title}
            menuOpen={mobile ? drawerOpen : !collapsed}
            mobile={mobile}
            entries={entries}
            brand={
              topMenu ? (
                <PlatformBrand block="ics-header" title={title} size={28} titleTestId="platform-title" />
              ) : undefined
            }
            actions={{
              onToggleMenu: toggleMenu,
              onSettings: () => setSettingsOpen(true),
              onAccount: () => setAccountOpen(true),
              onPassword: () => setPasswordOpen(true),
              onDepart: () => setDepart({ open: true, closable: true }),
              onLogout: handleLogout,
            }}
          >
            {topMenu ? <TopMenu entries={entries} theme={menuTheme} /> : undefined}
          </GlobalHeader>
        </Layout.Header>
        {multipage ? <PageTabStrip model={tabs} /> : null}
        <Layout.Content className="ics-shell__content">
          <div className="ics-shell__content-inner">
            <PageBreadcrumb />
            <KeepAlivePages model={tabs} enabled={multipage} />
          </div>
        </Layout.Content>
        <PlatformFooter settings={settings} className="ics-shell__footer" />
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <AccountInfoModal open={accountOpen} onClose={() => setAccountOpen(false)} />
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DepartSelectModal open={depart.open} closable={depart.closable} onClose={closeDepart} />
    </Layout>
  );
}
