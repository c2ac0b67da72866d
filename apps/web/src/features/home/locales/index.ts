import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { homeEnUS } from './en-US';
import { homeZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    home: typeof homeZhCN;
  }
}

registerLocale('home', { 'zh-CN': homeZhCN, 'en-US': homeEnUS });
