import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { platformEnUS } from './en-US';
import { platformZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    platform: typeof platformZhCN;
  }
}

registerLocale('platform', { 'zh-CN': platformZhCN, 'en-US': platformEnUS });
