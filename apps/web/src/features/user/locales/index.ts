import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { userEnUS } from './en-US';
import { userZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    user: typeof userZhCN;
  }
}

registerLocale('user', { 'zh-CN': userZhCN, 'en-US': userEnUS });
