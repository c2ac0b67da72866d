import type { ViewRegistry } from './build-routes';

/**
 * Component names of the server's menu tree → lazily loaded views (one chunk each).
 * A module adds its pages here when it is built; names not listed get no route (and 404).
 */
export const viewRegistry: ViewRegistry = {
  views: {
    'dashboard/Analysis': () => import('../features/dashboard/components/analysis-page'),
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
