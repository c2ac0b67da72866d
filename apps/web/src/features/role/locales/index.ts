import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { roleEnUS } from './en-US';
import { roleZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    role: typeof roleZhCN;
  }
}

registerLocale('role', { 'zh-CN': roleZhCN, 'en-US': roleEnUS });
