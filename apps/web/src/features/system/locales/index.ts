import { registerLocale } from '../../../shared/lib/i18n/i18n';
import '../../../shared/ui/list-page/locales';
import { systemEnUS } from './en-US';
import { systemZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    system: typeof systemZhCN;
  }
}

registerLocale('system', { 'zh-CN': systemZhCN, 'en-US': systemEnUS });
