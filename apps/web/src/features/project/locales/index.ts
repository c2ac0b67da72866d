import { registerLocale } from '../../../shared/lib/i18n/i18n';
import { projectEnUS } from './en-US';
import { projectZhCN } from './zh-CN';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    project: typeof projectZhCN;
  }
}

registerLocale('project', { 'zh-CN': projectZhCN, 'en-US': projectEnUS });
