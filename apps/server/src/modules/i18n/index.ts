export { createI18nModule } from './i18n.module';
export type { I18nService, Translate } from './i18n.service';
