import { marks } from '@ics/contract/server';
import type { Database } from '../../db/database';
import { openAdminModule } from '../../http/admin-module';
import type { ListRules } from '../../http/list-query';
import { serviceModule } from '../../http/routes';
import type { CheckService } from '../check';
import type { I18nService } from '../i18n';
import { dictMessages } from './dict.messages';
import { DICT_RESOURCE, DictRepository } from './dict.repository';
import { registerDictRoutes } from './dict.routes';
import { DictService } from './dict.service';

export type DictModuleDeps = {
  db: Database;
  i18n: I18nService;
  dataRules: ListRules;
  duplicates: CheckService;
};

/** Dictionaries (sys_dict, sys_dict_item), and tables of other modules that serve as dictionaries. */
export function createDictModule(deps: DictModuleDeps) {
  openAdminModule(deps, dictMessages, {
    list: DICT_RESOURCE,
    table: 'sys_dict',
    unique: { dict_code: 'dict_code', dictCode: 'dict_code' },
    where: 'del_flag = 0',
    marks: marks.system.dict,
  });
  const service = new DictService(new DictRepository(deps.db), deps.i18n, deps.dataRules);
  return serviceModule(service, registerDictRoutes);
}
