import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { lightingEnUS } from './en-US';
import { lightingZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    lighting: typeof lightingZhCN;
  }
}

registerLocale('lighting', { 'zh-CN': lightingZhCN, 'en-US': lightingEnUS });
