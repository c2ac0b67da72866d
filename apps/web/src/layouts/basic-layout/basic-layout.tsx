import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { toLanguage } from '@ics/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Menu, { type MenuProps } from 'antd/es/menu';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { platformTitle, usePlatformSettings } from '../../shared/hooks/use-platform-settings';
import { fetchPermissions, logout } from '../../shared/lib/auth/session';
import { setPermissions, useSession } from '../../shared/lib/auth/session-store';
import { queryClient } from '../../shared/lib/query-client';
import { FeedbackBridge } from '../../shared/ui/feedback-bridge';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { PageLoading } from '../../shared/ui/page-loading';
import { PlatformLogo } from '../../shared/ui/platform-logo';
import '../locales';
import { PlatformFooter } from '../platform-footer';
import './basic-layout.css';
import { menuIcon } from './menu-icons';
import { findEntry, type MenuEntry, parentKeys, visibleMenu } from './menu-items';

/** Side menu widths (spec §9). */
const SIDER_WIDTH = 200;
const SIDER_COLLAPSED_WIDTH = 80;

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((entry) => ({
    key: entry.key,
    icon: menuIcon(entry.icon),
    label: entry.title,
    ...(entry.children ? { children: toItems(entry.children) } : {}),
  }));
}

/** Leaves the app for the login page and reloads, so routes generated for this user are gone. */
function reloadToLogin() {
  window.location.replace(`${window.location.pathname}${window.location.search}#/user/login`);
  window.location.reload();
}

/**
 * The signed-in layout: side menu from the menu tree, header with title, language, user and
 * logout, the page, footer. The shell issue extends it with tabs, search, notices and settings.
 * It also provides what only signed-in pages need: the query cache and antd's <App> (whose
 * notification and modal then serve the HTTP client too).
 */
export default function BasicLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <App component={false}>
        <FeedbackBridge />
        <BasicLayoutShell />
      </App>
    </QueryClientProvider>
  );
}

function BasicLayoutShell() {
  const { t, i18n } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession((s) => s.userInfo);
  const menu = useSession((s) => s.permissions?.menu);
  const settings = usePlatformSettings();
  const [collapsed, setCollapsed] = useState(false);
  const language = toLanguage(i18n.language);

  const entries = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toItems(entries), [entries]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(entries, pathname));
  const openBeforeCollapse = useRef<string[]>([]);

  // Open the parent chain of the current page when it changes.
  useEffect(() => {
    if (!collapsed) setOpenKeys(parentKeys(entries, pathname));
  }, [entries, pathname, collapsed]);

  // Menu titles come from the server in the request language: fetch them again on a switch.
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (language === firstLanguage.current) return;
    firstLanguage.current = language;
    fetchPermissions(language)
      .then(setPermissions)
      .catch(() => undefined);
  }, [language]);

  const title = platformTitle(settings, tc('appName'), user?.platFormTitleCn);

  const toggleCollapsed = () => {
    if (!collapsed) openBeforeCollapse.current = openKeys;
    else setOpenKeys(openBeforeCollapse.current);
    setCollapsed(!collapsed);
  };

  const handleOpenChange: MenuProps['onOpenChange'] = (keys) => {
    // Only one top-level group open at a time (spec §2).
    const opened = keys.find((k) => !openKeys.includes(k));
    const topLevel = entries.some((e) => e.key === opened);
    setOpenKeys(topLevel && opened ? [opened] : keys);
  };

  const handleSelect: MenuProps['onClick'] = ({ key }) => {
    const entry = findEntry(entries, key);
    if (entry?.external) window.open(entry.external, '_blank', 'noopener');
    else navigate(key);
  };

  const handleLogout = () => {
    modal.confirm({
      title: t('header.logoutConfirmTitle'),
      content: t('header.logoutConfirmContent'),
      okText: tc('actions.ok'),
      cancelText: tc('actions.cancel'),
      onOk: async () => {
        await logout();
        reloadToLogin();
      },
    });
  };

  return (
    <Layout className="ics-basic-layout" hasSider>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        className="ics-basic-layout__sider"
      >
        <div className="ics-basic-layout__logo">
          <PlatformLogo logo={settings?.platFormLogo} size={28} alt={title} />
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={handleOpenChange}
          onClick={handleSelect}
          aria-label={t('header.menu')}
          data-testid="side-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ics-basic-layout__header">
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggleCollapsed}
            aria-label={collapsed ? t('header.expand') : t('header.collapse')}
            data-testid="menu-toggle"
          />
          <span className="ics-basic-layout__title" data-testid="platform-title">
            {title}
          </span>
          <div className="ics-basic-layout__actions">
            <LanguageSwitch />
            <span className="ics-basic-layout__user" data-testid="user-name">
              <UserOutlined /> {user?.realname || user?.username}
            </span>
            <Button type="text" icon={<LogoutOutlined />} onClick={handleLogout} data-testid="logout">
              {t('header.logout')}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="ics-basic-layout__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <PlatformFooter settings={settings} className="ics-basic-layout__footer" />
      </Layout>
    </Layout>
  );
}
