import { registerLocale } from '../../../lib/i18n/i18n';
import { crudEnUS } from './en-US';
import { crudZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    crud: typeof crudZhCN;
  }
}

registerLocale('crud', { 'zh-CN': crudZhCN, 'en-US': crudEnUS });
