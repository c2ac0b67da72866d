export { SettingsDrawer } from './components/settings-drawer';
export { updatePreferences, usePreferences } from './hooks/preferences-store';
