import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { dashboardEnUS } from './en-US';
import { dashboardZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    dashboard: typeof dashboardZhCN;
  }
}

registerLocale('dashboard', { 'zh-CN': dashboardZhCN, 'en-US': dashboardEnUS });
