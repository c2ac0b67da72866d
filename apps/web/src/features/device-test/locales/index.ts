import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { deviceTestEnUS } from './en-US';
import { deviceTestZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    deviceTest: typeof deviceTestZhCN;
  }
}

registerLocale('deviceTest', { 'zh-CN': deviceTestZhCN, 'en-US': deviceTestEnUS });
