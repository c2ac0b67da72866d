export { createI18nModule } from './i18n.module';
export type { I18nService, Localize, Translate } from './i18n.service';
