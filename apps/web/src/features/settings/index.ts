export { SettingsDrawer } from './components/settings-drawer';
export {
  DEFAULT_PREFERENCES,
  DEFAULT_PRIMARY_COLOR,
  type NavLayout,
  type NavTheme,
  type Preferences,
  THEME_COLORS,
  updatePreferences,
  usePreferences,
} from './hooks/preferences-store';
