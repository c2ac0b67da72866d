import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { noticeEnUS } from './en-US';
import { noticeZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    notice: typeof noticeZhCN;
  }
}

registerLocale('notice', { 'zh-CN': noticeZhCN, 'en-US': noticeEnUS });
