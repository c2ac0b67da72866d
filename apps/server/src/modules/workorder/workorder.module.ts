import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { serviceModule } from '../../http/routes';
import { registerMessages } from '../../lib/messages';
import type { PermissionService } from '../permission';
import type { ProjectScopeService, ProjectService } from '../project';
import type { WorkOrderAlarms } from './workorder.alarms';
import { workOrderMessages } from './workorder.messages';
import { registerWorkOrderRoutes } from './workorder.routes';
import { WorkOrderService } from './workorder.service';

export type WorkOrderModuleDeps = {
  db: Database;
  config: Pick<Config, 'dataDir' | 'basePath'>;
  /** Which projects a user may see: work orders are limited to them, assignees too. */
  scopes: ProjectScopeService;
  /** Whether projects exist, their names and time zones (numbers count per local day). */
  projects: ProjectService;
  /** Who holds a mark: assignees are users who may work on orders (`alarm:workorder:edit`). */
  permissions: Pick<PermissionService, 'hasMark'>;
  /** The alarms orders are made from and whose timelines show them. */
  alarms?: WorkOrderAlarms;
};

/** Work orders (alarm_workorder and its alarms, notes and photos). */
export function createWorkOrderModule(deps: WorkOrderModuleDeps) {
  registerMessages(workOrderMessages);
  // Photos are served by the platform's static route, like avatars and logos.
  const url = (file: string) => `${deps.config.basePath}/sys/common/static/${file}`;
  const service = new WorkOrderService(
    deps.db,
    deps.scopes,
    deps.projects,
    { dataDir: deps.config.dataDir, url },
    (userId, mark) => deps.permissions.hasMark(userId, mark),
    deps.alarms,
  );
  return serviceModule(service, registerWorkOrderRoutes);
}
