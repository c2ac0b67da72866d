import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { announcementEnUS } from './en-US';
import { announcementZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    announcement: typeof announcementZhCN;
  }
}

registerLocale('announcement', { 'zh-CN': announcementZhCN, 'en-US': announcementEnUS });
