import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { logEnUS } from './en-US';
import { logZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    log: typeof logZhCN;
  }
}

registerLocale('log', { 'zh-CN': logZhCN, 'en-US': logEnUS });
