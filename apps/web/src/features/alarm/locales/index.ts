import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { alarmEnUS } from './en-US';
import { alarmZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    alarm: typeof alarmZhCN;
  }
}

registerLocale('alarm', { 'zh-CN': alarmZhCN, 'en-US': alarmEnUS });
