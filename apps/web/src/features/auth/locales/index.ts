import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { authEnUS } from './en-US';
import { authZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    auth: typeof authZhCN;
  }
}

registerLocale('auth', { 'zh-CN': authZhCN, 'en-US': authEnUS });
