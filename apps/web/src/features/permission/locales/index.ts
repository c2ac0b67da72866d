import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { permissionEnUS } from './en-US';
import { permissionZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    permission: typeof permissionZhCN;
  }
}

registerLocale('permission', { 'zh-CN': permissionZhCN, 'en-US': permissionEnUS });
