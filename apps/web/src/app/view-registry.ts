import { alarmListPage, ruleListPage, workOrderListPage } from '../features/alarm/pages';
import { announcementListPage } from '../features/announcement/pages';
import { departPage } from '../features/depart/pages';
import { commandLogPage, gatewayListPage, poleListPage } from '../features/device/pages';
import { dictListPage } from '../features/dict/pages';
import { historyPage, sensorListPage } from '../features/env/pages';
import { analysisPage } from '../features/home/pages';
import { i18nListPage } from '../features/i18n/pages';
import {
  cabinetListPage,
  gisPage,
  groupListPage,
  lampListPage,
  strategyListPage,
} from '../features/lighting/pages';
import { logListPage } from '../features/log/pages';
import { permissionListPage } from '../features/permission/pages';
import { platformSettingsPage } from '../features/platform/pages';
import { projectListPage } from '../features/project/pages';
import { roleListPage } from '../features/role/pages';
import { userListPage } from '../features/user/pages';
import type { ViewRegistry } from './build-routes';
import './notice-details';

/**
 * Component names of the server's menu tree → lazily loaded views (one chunk each).
 * A module adds its pages here when it is built; names not listed get no route (and 404).
 */
export const viewRegistry: ViewRegistry = {
  views: {
    'dashboard/Analysis': analysisPage,
    'lighting/GatewayList': gatewayListPage,
    'lighting/PoleList': poleListPage,
    'lighting/LampList': lampListPage,
    'lighting/GroupList': groupListPage,
    'lighting/CabinetList': cabinetListPage,
    'lighting/StrategyList': strategyListPage,
    'lighting/CommandLog': commandLogPage,
    'env/SensorList': sensorListPage,
    'env/History': historyPage,
    'gis/GlrGis': gisPage,
    'alarm/AlarmList': alarmListPage,
    'alarm/RuleList': ruleListPage,
    'alarm/WorkOrderList': workOrderListPage,
    'system/UserList': userListPage,
    'system/RoleList': roleListPage,
    'system/PermissionList': permissionListPage,
    'system/DepartList': departPage,
    'system/DictList': dictListPage,
    // The name JeecgBoot consoles know (the seeded menu's), and the one menus saved before used.
    'system/SysAnnouncementList': announcementListPage,
    'system/AnnouncementList': announcementListPage,
    'system/ProjectList': projectListPage,
    'system/I18nList': i18nListPage,
    'system/PlatformSettings': platformSettingsPage,
    'system/LogList': logListPage,
  },
  layouts: {
    'layouts/RouteView': () => import('../layouts/route-view'),
    'layouts/PageView': () => import('../layouts/route-view'),
    'layouts/BlankLayout': () => import('../layouts/route-view'),
    'layouts/TabLayout': () => import('../layouts/route-view'),
    'layouts/BasicLayout': () => import('../layouts/route-view'),
    'layouts/IframePageView': () => import('../layouts/iframe-page-view'),
  },
};
