import Menu, { type MenuProps } from 'antd/es/menu';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { menuIcon } from './menu-icons';
import { entryTarget, findEntry, type MenuEntry, parentKeys } from './menu-items';

type MenuItem = Required<MenuProps>['items'][number];

export function toItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((entry) => ({
    key: entry.key,
    icon: menuIcon(entry.icon),
    label: <span data-testid={`menu-item-${entry.key}`}>{entry.title}</span>,
    ...(entry.children ? { children: toItems(entry.children) } : {}),
  }));
}

/** Opens an entry: external targets in a new tab, pages by navigation. */
export function useOpenEntry(entries: readonly MenuEntry[]) {
  const navigate = useNavigate();
  return (key: string) => {
    const entry = findEntry(entries, key);
    const target = entry ? entryTarget(entry) : { path: key };
    if ('newTab' in target) window.open(target.newTab, '_blank', 'noopener');
    else navigate(target.path);
  };
}

/**
 * The side menu (spec §2): inline, only one top-level group open at a time, the parent chain
 * of the current page opened on navigation, and the open groups remembered while collapsed
 * and restored on expand.
 */
export function SideMenu({
  entries,
  collapsed,
  theme,
  onSelected,
}: {
  entries: readonly MenuEntry[];
  collapsed: boolean;
  theme: 'dark' | 'light';
  /** Called after an item was chosen (the mobile drawer closes). */
  onSelected?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const open = useOpenEntry(entries);
  const items = useMemo(() => toItems(entries), [entries]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (collapsed ? [] : parentKeys(entries, pathname)));
  const current = useRef(openKeys);
  current.current = openKeys;
  const remembered = useRef<string[]>(parentKeys(entries, pathname));
  const wasCollapsed = useRef(collapsed);

  // Collapse remembers the open groups; expanding restores them.
  useEffect(() => {
    if (collapsed === wasCollapsed.current) return;
    wasCollapsed.current = collapsed;
    if (collapsed) {
      remembered.current = current.current;
      setOpenKeys([]);
    } else {
      setOpenKeys(remembered.current);
    }
  }, [collapsed]);

  // Navigation opens the parent chain of the new page (or remembers it while collapsed).
  useEffect(() => {
    const chain = parentKeys(entries, pathname);
    if (!chain.length) return;
    if (wasCollapsed.current) remembered.current = chain;
    else setOpenKeys(chain);
  }, [entries, pathname]);

  const handleOpenChange: MenuProps['onOpenChange'] = (keys) => {
    if (collapsed) {
      setOpenKeys(keys);
      return;
    }
    const opened = keys.find((k) => !openKeys.includes(k));
    const topLevel = entries.some((e) => e.key === opened);
    setOpenKeys(topLevel && opened ? [opened] : keys);
  };

  return (
    <Menu
      theme={theme}
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      openKeys={openKeys}
      onOpenChange={handleOpenChange}
      onClick={({ key }) => {
        open(key);
        onSelected?.();
      }}
      aria-label={t('header.menu')}
      data-testid="side-menu"
      style={{ borderInlineEnd: 0 }}
    />
  );
}

/** The same entries as a horizontal menu in the header (top-menu navigation mode). */
export function TopMenu({ entries, theme }: { entries: readonly MenuEntry[]; theme: 'dark' | 'light' }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const open = useOpenEntry(entries);
  const items = useMemo(() => toItems(entries), [entries]);
  return (
    <Menu
      theme={theme}
      mode="horizontal"
      items={items}
      selectedKeys={[pathname, ...parentKeys(entries, pathname)]}
      onClick={({ key }) => open(key)}
      aria-label={t('header.menu')}
      data-testid="top-menu"
      style={{ flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '62px', background: 'transparent' }}
    />
  );
}
