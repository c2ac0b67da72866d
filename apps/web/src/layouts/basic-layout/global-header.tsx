import {
  DesktopOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AlarmBell } from '../../features/alarm';
import { NoticeBell } from '../../features/announcement';
import { platformLogoUrl } from '../../shared/hooks/use-platform-settings';
import { useSession } from '../../shared/lib/auth/session-store';
import { useHas } from '../../shared/ui/has';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import type { MenuEntry } from './menu-items';
import { MenuSearch } from './menu-search';

/** Where the help icon leads: the in-app user guide (which links the API reference). */
export const HELP_PATH = '/help';

export type HeaderActions = {
  onToggleMenu: () => void;
  onSettings: () => void;
  onAccount: () => void;
  onPassword: () => void;
  onDepart: () => void;
  onLogout: () => void;
};

/** Opens the big screen (`/main/GlrMain`) in a new browser tab. */
function openBigScreen() {
  window.open(`${window.location.pathname}${window.location.search}#/main/GlrMain`, '_blank', 'noopener');
}

/**
 * The global header (spec §2): menu toggle (or the top menu), platform title, menu search,
 * help, notification bell, user dropdown, language and logout.
 */
export function GlobalHeader({
  title,
  brand,
  menuOpen,
  mobile,
  entries,
  actions,
  children,
}: {
  title: string;
  /** Logo shown left of the title (top-menu mode and mobile). */
  brand?: ReactNode;
  menuOpen: boolean;
  mobile: boolean;
  entries: readonly MenuEntry[];
  actions: HeaderActions;
  /** The horizontal menu in top-menu mode. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const has = useHas();
  const user = useSession((s) => s.userInfo);
  const avatar = platformLogoUrl(user?.avatar);

  const items = [
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: <span data-testid="user-menu-settings">{t('header.settings')}</span>,
    },
    {
      key: 'account',
      icon: <IdcardOutlined />,
      label: <span data-testid="user-menu-account">{t('header.account')}</span>,
    },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="user-menu-password">{t('header.password')}</span>,
    },
    {
      key: 'depart',
      icon: <SwapOutlined />,
      label: <span data-testid="user-menu-depart">{t('header.depart')}</span>,
    },
    ...(user?.userType === '0'
      ? [
          {
            key: 'screen',
            icon: <DesktopOutlined />,
            label: <span data-testid="user-menu-screen">{t('header.screen')}</span>,
          },
        ]
      : []),
    { type: 'divider' as const },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="user-menu-logout">{t('header.logout')}</span>,
    },
  ];

  return (
    <div className="ics-header__bar">
      {brand}
      {children ?? (
        <Button
          type="text"
          className="ics-header__trigger"
          icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={actions.onToggleMenu}
          aria-label={menuOpen ? t('header.collapse') : t('header.expand')}
          data-testid="menu-toggle"
        />
      )}
      {children ? null : (
        <span className="ics-header__title" data-testid="platform-title">
          {title}
        </span>
      )}
      <div className="ics-header__actions">
        <MenuSearch entries={entries} mobile={mobile} />
        <Link
          to={HELP_PATH}
          className="ics-header__action"
          title={t('header.help')}
          aria-label={t('header.help')}
          data-testid="help-link"
        >
          <QuestionCircleOutlined />
        </Link>
        {has('alarm:alarm:list') && <AlarmBell />}
        <NoticeBell />
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              if (key === 'settings') actions.onSettings();
              if (key === 'account') actions.onAccount();
              if (key === 'password') actions.onPassword();
              if (key === 'depart') actions.onDepart();
              if (key === 'screen') openBigScreen();
              if (key === 'logout') actions.onLogout();
            },
          }}
        >
          <button
            type="button"
            className="ics-header__user"
            title={t('header.userMenu')}
            data-testid="user-menu"
          >
            <Avatar size="small" src={avatar} icon={<UserOutlined />} />
            <span className="ics-header__user-name" data-testid="user-name">
              {user?.realname || user?.username}
            </span>
          </button>
        </Dropdown>
        <LanguageSwitch />
        <Button
          type="text"
          className="ics-header__logout"
          icon={<LogoutOutlined />}
          onClick={actions.onLogout}
          aria-label={t('header.logout')}
          data-testid="logout"
        >
          {mobile ? null : t('header.logout')}
        </Button>
      </div>
    </div>
  );
}
