import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { envEnUS } from './en-US';
import { envZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    env: typeof envZhCN;
  }
}

registerLocale('env', { 'zh-CN': envZhCN, 'en-US': envEnUS });
