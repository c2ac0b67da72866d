import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { gisEnUS } from './en-US';
import { gisZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    gis: typeof gisZhCN;
  }
}

registerLocale('gis', { 'zh-CN': gisZhCN, 'en-US': gisEnUS });
