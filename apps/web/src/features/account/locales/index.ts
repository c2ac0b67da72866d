import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { accountEnUS } from './en-US';
import { accountZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    account: typeof accountZhCN;
  }
}

registerLocale('account', { 'zh-CN': accountZhCN, 'en-US': accountEnUS });
