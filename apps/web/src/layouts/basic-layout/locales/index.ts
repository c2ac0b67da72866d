import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { shellEnUS } from './en-US';
import { shellZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    shell: typeof shellZhCN;
  }
}

registerLocale('shell', { 'zh-CN': shellZhCN, 'en-US': shellEnUS });
