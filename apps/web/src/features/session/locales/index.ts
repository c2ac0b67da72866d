import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { sessionEnUS } from './en-US';
import { sessionZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    session: typeof sessionZhCN;
  }
}

registerLocale('session', { 'zh-CN': sessionZhCN, 'en-US': sessionEnUS });
