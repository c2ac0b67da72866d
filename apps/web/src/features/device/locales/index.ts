import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { deviceEnUS } from './en-US';
import { deviceZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    device: typeof deviceZhCN;
  }
}

registerLocale('device', { 'zh-CN': deviceZhCN, 'en-US': deviceEnUS });
