import { registerLocale } from '../../lib/i18n/i18n';
import { widgetsEnUS } from './en-US';
import { widgetsZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    widgets: typeof widgetsZhCN;
  }
}

registerLocale('widgets', { 'zh-CN': widgetsZhCN, 'en-US': widgetsEnUS });
