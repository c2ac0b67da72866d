import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { i18nEnUS } from './en-US';
import { i18nZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    i18n: typeof i18nZhCN;
  }
}

registerLocale('i18n', { 'zh-CN': i18nZhCN, 'en-US': i18nEnUS });
