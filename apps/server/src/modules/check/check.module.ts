import { marks } from '@ics/contract/server';
import type { Database } from '../../db/database';
import { adminMessages } from '../../http/admin.messages';
import { serviceModule } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import { checkMessages } from './check.messages';
import { CheckRepository } from './check.repository';
import { registerCheckRoutes } from './check.routes';
import { CheckService } from './check.service';

/**
 * Check rules (sys_check_rule) and the duplicate check, which reads only the tables their
 * owners register with `registerDuplicates`.
 */
export function createCheckModule(deps: { db: Database }) {
  registerMessages(adminMessages);
  registerMessages(checkMessages);
  const service = new CheckService(new CheckRepository(deps.db));
  // Check rules are administered with the dictionaries.
  service.registerDuplicates('sys_check_rule', {
    columns: { rule_code: 'rule_code', ruleCode: 'rule_code' },
    where: 'true',
    marks: [marks.system.dict.add, marks.system.dict.edit],
  });
  return serviceModule(service, registerCheckRoutes);
}
