import { registerLocale } from '../../shared/lib/i18n/i18n';
import { layoutEnUS } from './en-US';
import { layoutZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    layout: typeof layoutZhCN;
  }
}

registerLocale('layout', { 'zh-CN': layoutZhCN, 'en-US': layoutEnUS });
