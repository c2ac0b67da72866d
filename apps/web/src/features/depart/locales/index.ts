import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { departEnUS } from './en-US';
import { departZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    depart: typeof departZhCN;
  }
}

registerLocale('depart', { 'zh-CN': departZhCN, 'en-US': departEnUS });
