import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import { serviceModule } from '../../http/routes';
import { i18nMessages } from './i18n.messages';
import { I18N_RESOURCE, I18nRepository } from './i18n.repository';
import { registerI18nRoutes } from './i18n.routes';
import { I18nService } from './i18n.service';

export type I18nModuleDeps = { db: Database; dataRules: ListRules };

/** Translations (sys_i18n): the translator every module uses, and the page that edits them. */
export function createI18nModule(deps: I18nModuleDeps) {
  openAdminModule(deps, i18nMessages, { list: I18N_RESOURCE });
  const service = new I18nService(new I18nRepository(deps.db), deps.dataRules);
  return serviceModule(service, registerI18nRoutes);
}
