import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { exceptionEnUS } from './en-US';
import { exceptionZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    exception: typeof exceptionZhCN;
  }
}

registerLocale('exception', { 'zh-CN': exceptionZhCN, 'en-US': exceptionEnUS });
