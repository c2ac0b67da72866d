import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { helpEnUS } from './en-US';
import { helpZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    help: typeof helpZhCN;
  }
}

registerLocale('help', { 'zh-CN': helpZhCN, 'en-US': helpEnUS });
