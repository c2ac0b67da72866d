import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { settingsEnUS } from './en-US';
import { settingsZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    settings: typeof settingsZhCN;
  }
}

registerLocale('settings', { 'zh-CN': settingsZhCN, 'en-US': settingsEnUS });
