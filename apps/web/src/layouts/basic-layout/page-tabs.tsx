import { CloseOutlined, EllipsisOutlined } from '@ant-design/icons';
import App from 'antd/es/app';
import Dropdown from 'antd/es/dropdown';
import Tabs from 'antd/es/tabs';
import {
  type KeyboardEvent,
  type ReactElement,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, useOutlet } from 'react-router-dom';
import { useSession } from '../../shared/lib/auth/session-store';
import { isRouteHandle, type RouteHandle } from '../../shared/lib/routing/route-handle';
import { routeTitle } from '../../shared/lib/routing/route-title';
import { PageLoading } from '../../shared/ui/page-loading';
import { DEFAULT_HOME } from '../../shared/utils/safe-redirect';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  neighbourAfterClose,
  openTab,
  type PageTab,
} from './tabs';

/** The deepest title-bearing handle of the current route. */
export function useCurrentHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return [...matches]
    .reverse()
    .map((m) => m.handle)
    .find(isRouteHandle);
}

type TabsState = {
  tabs: PageTab[];
  active: string;
  /** Bumped by "reload" to remount one page. */
  generations: Record<string, number>;
};

/**
 * The open pages of the multi-page mode and their actions (spec §2): one tab per path, the
 * home tab cannot be closed, nor the last page; reload / close left / right / others.
 */
export function usePageTabs(enabled: boolean) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('shell');
  const handle = useCurrentHandle();
  const [state, setState] = useState<TabsState>(() => ({
    tabs: pathname === '/' ? [] : [{ key: pathname, ...(handle ? { handle } : {}) }],
    active: pathname,
    generations: {},
  }));

  useEffect(() => {
    if (pathname === '/') return;
    setState((s) => ({
      ...s,
      active: pathname,
      tabs: enabled ? openTab(s.tabs, { key: pathname, ...(handle ? { handle } : {}) }) : [{ key: pathname }],
    }));
  }, [pathname, handle, enabled]);

  const setTabs = useCallback(
    (next: PageTab[]) => {
      setState((s) => ({ ...s, tabs: next }));
      if (!next.some((tab) => tab.key === pathname)) navigate(next.at(-1)?.key ?? DEFAULT_HOME);
    },
    [pathname, navigate],
  );

  /** Closes a page; false when refused (the home page, the last page), with a message saying so. */
  const close = (key: string): boolean => {
    const result = closeTab(state.tabs, key, DEFAULT_HOME);
    if (result.refused === 'home') {
      void message.warning(t('tabs.homeCannotClose'));
      return false;
    }
    if (result.refused === 'last') {
      void message.warning(t('tabs.lastPage'));
      return false;
    }
    setState((s) => ({ ...s, tabs: result.tabs }));
    if (key === pathname) navigate(neighbourAfterClose(state.tabs, result.tabs, key) ?? DEFAULT_HOME);
    return true;
  };

  const reload = (key: string) => {
    setState((s) => ({ ...s, generations: { ...s.generations, [key]: (s.generations[key] ?? 0) + 1 } }));
    if (key !== pathname) navigate(key);
  };

  return {
    ...state,
    close,
    reload,
    closeLeft: (key: string) => setTabs(closeLeft(state.tabs, key, DEFAULT_HOME)),
    closeRight: (key: string) => setTabs(closeRight(state.tabs, key, DEFAULT_HOME)),
    closeOthers: (key: string) => setTabs(closeOthers(state.tabs, key, DEFAULT_HOME)),
  };
}

export type PageTabsModel = ReturnType<typeof usePageTabs>;

const ESCAPE_KEY_CODE = 27;

/**
 * antd's overflow menu shows the page chosen in it with Enter or Space but stays open over it
 * (a click closes it): once the keystroke has chosen a page, the menu gets the Escape it answers.
 */
function closeMoreMenuAfterChoice(event: KeyboardEvent<HTMLDivElement>): void {
  const button = event.target as HTMLElement;
  if (event.key !== 'Enter' && event.key !== ' ') return;
  if (!button.classList.contains('ant-tabs-nav-more') || button.getAttribute('aria-expanded') !== 'true')
    return;
  // The menu names the page the arrow keys reached; without one the keystroke chose nothing.
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu?.getAttribute('aria-activedescendant')) return;
  setTimeout(() => {
    const dismiss = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    // The menu reads the legacy key code, which a constructed event cannot be given otherwise.
    Object.defineProperty(dismiss, 'keyCode', { value: ESCAPE_KEY_CODE });
    button.dispatchEvent(dismiss);
  });
}

/**
 * The tab strip with its right-click menu. A tab closes with its × (mouse) or the Delete key
 * (keyboard, as the WAI-ARIA tabs pattern has it). The × is drawn inside the tab and hidden from
 * assistive technology: antd's own close buttons sit inside the tablist, where only tabs belong.
 */
export function PageTabStrip({ model }: { model: PageTabsModel }) {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const menu = useSession((s) => s.permissions?.menu);
  const strip = useRef<HTMLDivElement>(null);
  // Tell assistive technology how a tab closes (antd renders the tab elements). antd makes the
  // whole bar the tablist, the overflow button included, where only tabs belong: the list of
  // tabs inside it is made the tablist instead.
  useEffect(() => {
    for (const tab of strip.current?.querySelectorAll('[role="tab"]') ?? [])
      tab.setAttribute('aria-keyshortcuts', 'Delete');
    const bar = strip.current?.querySelector('.ant-tabs-nav[role="tablist"]');
    const list = bar?.querySelector('.ant-tabs-nav-list');
    if (bar && list) {
      list.setAttribute('role', 'tablist');
      list.setAttribute('aria-orientation', bar.getAttribute('aria-orientation') ?? 'horizontal');
      bar.removeAttribute('role');
      bar.removeAttribute('aria-orientation');
    }
  });
  // A tab closed by keyboard took the focus with it: give it to the tab shown now, once shown.
  const refocus = useRef(false);
  const { active, tabs } = model;
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    closeMoreMenuAfterChoice(event);
    if (event.key !== 'Delete') return;
    const target = event.target as HTMLElement;
    const key =
      target.getAttribute('role') === 'tab' &&
      target.querySelector('[data-tab-key]')?.getAttribute('data-tab-key');
    if (!key) return;
    event.preventDefault();
    refocus.current = model.close(key);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing a tab other than the shown one changes only `tabs`
  useEffect(() => {
    if (!refocus.current) return;
    const selected = strip.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (selected?.querySelector(`[data-tab-key="${CSS.escape(active)}"]`)) {
      refocus.current = false;
      selected.focus();
    }
  }, [active, tabs]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys of antd's tabs and overflow button (Delete, Enter)
    <div className="ics-page-tabs" data-testid="page-tabs" ref={strip} onKeyDown={onKey}>
      <Tabs
        type="card"
        size="small"
        locale={{ dropdownAriaLabel: t('tabs.more') }}
        // The overflow button is named by its icon (antd gives the button no label of its own).
        more={{ icon: <EllipsisOutlined aria-label={t('tabs.more')} /> }}
        activeKey={model.active}
        onChange={(key) => navigate(key)}
        items={model.tabs.map((tab) => ({
          key: tab.key,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'reload', label: <span data-testid="tab-menu-reload">{t('tabs.reload')}</span> },
                  { key: 'left', label: <span data-testid="tab-menu-left">{t('tabs.closeLeft')}</span> },
                  { key: 'right', label: <span data-testid="tab-menu-right">{t('tabs.closeRight')}</span> },
                  {
                    key: 'others',
                    label: <span data-testid="tab-menu-others">{t('tabs.closeOthers')}</span>,
                  },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  if (key === 'reload') model.reload(tab.key);
                  if (key === 'left') model.closeLeft(tab.key);
                  if (key === 'right') model.closeRight(tab.key);
                  if (key === 'others') model.closeOthers(tab.key);
                },
              }}
            >
              <span className="ics-page-tabs__label">
                <span data-testid={`page-tab-${tab.key}`} data-tab-key={tab.key}>
                  {routeTitle(tab.handle, menu, i18n, tab.key)}
                </span>
                <span
                  className="ics-page-tabs__close"
                  aria-hidden="true"
                  title={t('tabs.closeHint')}
                  data-testid={`page-tab-close-${tab.key}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    model.close(tab.key);
                  }}
                >
                  <CloseOutlined />
                </span>
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}

/**
 * The pages of the open tabs, kept mounted and hidden while another tab shows (react-router
 * has no keep-alive): each tab keeps the outlet element it rendered last, keyed by its path.
 */
export function KeepAlivePages({ model, enabled }: { model: PageTabsModel; enabled: boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactElement | null>());
  if (!enabled) {
    cache.current.clear();
    return <Suspense fallback={<PageLoading />}>{outlet}</Suspense>;
  }
  cache.current.set(pathname, outlet);
  const open = new Set(model.tabs.map((tab) => tab.key));
  for (const key of [...cache.current.keys()])
    if (!open.has(key) && key !== pathname) cache.current.delete(key);
  const keys = [...cache.current.keys()];
  return (
    <>
      {keys.map((key) => (
        <div
          key={`${key}#${model.generations[key] ?? 0}`}
          className="ics-keep-alive"
          style={key === pathname ? undefined : { display: 'none' }}
          data-page={key}
        >
          <Suspense fallback={<PageLoading />}>{cache.current.get(key)}</Suspense>
        </div>
      ))}
    </>
  );
}
