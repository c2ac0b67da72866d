import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { dictEnUS } from './en-US';
import { dictZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    dict: typeof dictZhCN;
  }
}

registerLocale('dict', { 'zh-CN': dictZhCN, 'en-US': dictEnUS });
