/**
 * `@ics/contract/server`: everything `@ics/contract` exports, every schema, and under the same
 * names the route groups bound to their schemas (what `addRoute` registers and validates with,
 * and what the OpenAPI document shows). Groups whose routes take no input (health, home, realtime) are
 * the descriptors themselves.
 */
import { alarmRouteSchemas, alarmRuleRouteSchemas } from './alarm/alarm/alarm.schemas';
import { workOrderRouteSchemas } from './alarm/workorder/workorder.schemas';
import { envRouteSchemas } from './env/env/env.schemas';
import * as descriptors from './index';
import {
  brokerHookRouteSchemas,
  commandRouteSchemas,
  deviceListRouteSchemas,
  deviceRouteSchemas,
  gatewayRouteSchemas,
  historyRouteSchemas,
  lampExportRouteSchemas,
  poleRouteSchemas,
  testConsoleRouteSchemas,
} from './lighting/device/device.schemas';
import {
  areaRouteSchemas,
  cabinetRouteSchemas,
  controlRouteSchemas,
  groupRouteSchemas,
  statsRouteSchemas,
  strategyRouteSchemas,
} from './lighting/lighting/lighting.schemas';
import { bindRoutes } from './route-binding';
import { announcementRouteSchemas } from './system/announcement/announcement.schemas';
import { checkRouteSchemas } from './system/check/check.schemas';
import { departRouteSchemas } from './system/depart/depart.schemas';
import { dictRouteSchemas } from './system/dict/dict.schemas';
import { i18nRouteSchemas } from './system/i18n/i18n.schemas';
import { logRouteSchemas } from './system/log/log.schemas';
import { permissionRouteSchemas } from './system/permission/permission.schemas';
import { platformRouteSchemas } from './system/platform/platform.schemas';
import { projectRouteSchemas } from './system/project/project.schemas';
import { roleRouteSchemas } from './system/role/role.schemas';
import { sessionRouteSchemas } from './system/session/session.schemas';
import { userRouteSchemas } from './system/user/user.schemas';

export * from './alarm/alarm/alarm.schemas';
export * from './alarm/workorder/workorder.schemas';
export * from './env/env/env.schemas';
export * from './field-spec.schemas';
export * from './index';
export * from './lighting/device/device.schemas';
export * from './lighting/device/protocol.schemas';
export * from './lighting/lighting/lighting.schemas';
export * from './list-query.schemas';
export * from './page-query.schemas';
export * from './route-binding';
export * from './system/announcement/announcement.schemas';
export * from './system/check/check.schemas';
export * from './system/depart/depart.schemas';
export * from './system/dict/dict.schemas';
export * from './system/i18n/i18n.schemas';
export * from './system/log/log.schemas';
export * from './system/permission/permission.schemas';
export * from './system/platform/platform.schemas';
export * from './system/project/project.schemas';
export * from './system/realtime/realtime.schemas';
export * from './system/role/role.schemas';
export * from './system/session/session.schemas';
export * from './system/user/user.schemas';

export const alarmRoutes = bindRoutes(descriptors.alarmRoutes, alarmRouteSchemas);
export const alarmRuleRoutes = bindRoutes(descriptors.alarmRuleRoutes, alarmRuleRouteSchemas);
export const workOrderRoutes = bindRoutes(descriptors.workOrderRoutes, workOrderRouteSchemas);
export const envRoutes = bindRoutes(descriptors.envRoutes, envRouteSchemas);
export const poleRoutes = bindRoutes(descriptors.poleRoutes, poleRouteSchemas);
export const gatewayRoutes = bindRoutes(descriptors.gatewayRoutes, gatewayRouteSchemas);
export const deviceRoutes = bindRoutes(descriptors.deviceRoutes, deviceRouteSchemas);
export const deviceListRoutes = bindRoutes(descriptors.deviceListRoutes, deviceListRouteSchemas);
export const historyRoutes = bindRoutes(descriptors.historyRoutes, historyRouteSchemas);
export const commandRoutes = bindRoutes(descriptors.commandRoutes, commandRouteSchemas);
export const lampExportRoutes = bindRoutes(descriptors.lampExportRoutes, lampExportRouteSchemas);
export const brokerHookRoutes = bindRoutes(descriptors.brokerHookRoutes, brokerHookRouteSchemas);
export const testConsoleRoutes = bindRoutes(descriptors.testConsoleRoutes, testConsoleRouteSchemas);
export const areaRoutes = bindRoutes(descriptors.areaRoutes, areaRouteSchemas);
export const controlRoutes = bindRoutes(descriptors.controlRoutes, controlRouteSchemas);
export const groupRoutes = bindRoutes(descriptors.groupRoutes, groupRouteSchemas);
export const cabinetRoutes = bindRoutes(descriptors.cabinetRoutes, cabinetRouteSchemas);
export const strategyRoutes = bindRoutes(descriptors.strategyRoutes, strategyRouteSchemas);
export const statsRoutes = bindRoutes(descriptors.statsRoutes, statsRouteSchemas);
export const announcementRoutes = bindRoutes(descriptors.announcementRoutes, announcementRouteSchemas);
export const checkRoutes = bindRoutes(descriptors.checkRoutes, checkRouteSchemas);
export const departRoutes = bindRoutes(descriptors.departRoutes, departRouteSchemas);
export const dictRoutes = bindRoutes(descriptors.dictRoutes, dictRouteSchemas);
export const i18nRoutes = bindRoutes(descriptors.i18nRoutes, i18nRouteSchemas);
export const logRoutes = bindRoutes(descriptors.logRoutes, logRouteSchemas);
export const permissionRoutes = bindRoutes(descriptors.permissionRoutes, permissionRouteSchemas);
export const platformRoutes = bindRoutes(descriptors.platformRoutes, platformRouteSchemas);
export const projectRoutes = bindRoutes(descriptors.projectRoutes, projectRouteSchemas);
export const roleRoutes = bindRoutes(descriptors.roleRoutes, roleRouteSchemas);
export const sessionRoutes = bindRoutes(descriptors.sessionRoutes, sessionRouteSchemas);
export const userRoutes = bindRoutes(descriptors.userRoutes, userRouteSchemas);
