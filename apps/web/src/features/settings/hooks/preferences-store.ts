import { create } from 'zustand';
import { StorageKeys, storage } from '../../../shared/lib/storage/storage';

export type NavTheme = 'dark' | 'light';
export type NavLayout = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** The layout preferences of the settings drawer (spec §2, §3). */
export type Preferences = {
  navTheme: NavTheme;
  primaryColor: string;
  layout: NavLayout;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** Side menu open (true) or collapsed (false). */
  sidebarOpen: boolean;
};

/** 拂晓蓝, darkened from #1890FF so that white text on it reads at 5:1 (WCAG 2.1 AA). */
export const DEFAULT_PRIMARY_COLOR = '#0E6FD1';

/** The eight theme colours of the drawer (upstream presets); the default is 拂晓蓝. */
export const THEME_COLORS = [
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'daybreak', color: DEFAULT_PRIMARY_COLOR },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

/** Defaults of spec §9: dark menu, side menu, fixed width, multi-page on. */
export const DEFAULT_PREFERENCES: Preferences = {
  navTheme: 'dark',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  sidebarOpen: true,
};

/**
 * The rules between the options: Fluid width only with the top menu, hiding the header on
 * scroll only with a fixed header, a fixed side menu only with the side menu.
 */
export function normalisePreferences(p: Preferences): Preferences {
  const next = { ...p };
  if (next.layout === 'sidemenu') next.contentWidth = 'Fixed';
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (!/^#[0-9a-f]{6}$/i.test(next.primaryColor)) next.primaryColor = DEFAULT_PRIMARY_COLOR;
  return next;
}

/** Stored preferences merged over the defaults; unknown or ill-typed values are ignored. */
export function readPreferences(stored: unknown): Preferences {
  const merged: Preferences = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === typeof DEFAULT_PREFERENCES[key]) (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (!['dark', 'light'].includes(merged.navTheme)) merged.navTheme = 'dark';
  if (!['sidemenu', 'topmenu'].includes(merged.layout)) merged.layout = 'sidemenu';
  if (!['Fixed', 'Fluid'].includes(merged.contentWidth)) merged.contentWidth = 'Fixed';
  return normalisePreferences(merged);
}

export const usePreferences = create<Preferences>(() =>
  readPreferences(storage.get(StorageKeys.preferences)),
);

/** Changes preferences, applies the rules between them and keeps them (no expiry). */
export function updatePreferences(patch: Partial<Preferences>): void {
  const next = normalisePreferences({ ...usePreferences.getState(), ...patch });
  storage.set(StorageKeys.preferences, next, null);
  usePreferences.setState(next, true);
}
