import { createHashRouter, Navigate, type RouteObject, redirect } from 'react-router-dom';
import { userAnnouncementPage } from '../features/announcement/pages';
import { testConsolePage } from '../features/device/pages';
import { notFoundPage } from '../features/exception/pages';
import { helpPage } from '../features/help/pages';
import { analysisPage } from '../features/home/pages';
import { gisPage, preloadMapPoles } from '../features/lighting/pages';
import { alterationPage, loginPage, registerPage, registerResultPage } from '../features/session/pages';
import { fetchPermissions, logout } from '../shared/lib/auth/session';
import { getToken, setPermissions, useSession } from '../shared/lib/auth/session-store';
import { modulesOfViews, setDeploymentModules } from '../shared/lib/deployment';
import { currentLanguage } from '../shared/lib/i18n/i18n';
import type { StaticRouteHandle } from '../shared/lib/routing/route-handle';
import { PageLoading } from '../shared/ui/page-loading';
import { DEFAULT_HOME, LOGIN_PATH } from '../shared/utils/safe-redirect';
import { buildMenuRoutes, type ViewLoader } from './build-routes';
import { urlConfigValues } from './meta-url';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';
import { createRouteGuard } from './route-guard';
import { viewRegistry } from './view-registry';

/** The route whose children are generated from the menu (the upstream `/` with TabLayout). */
export const APP_ROUTE_ID = 'app';

const lazyView = (load: ViewLoader) => async () => ({ Component: (await load()).default });
const title = (ns: string, titleKey: string, home = false): StaticRouteHandle => ({
  kind: 'static',
  ns,
  titleKey,
  home,
});

/**
 * The map's loader: starts loading the poles while the console starts (in parallel with the
 * permissions and the page's code) and returns at once; the page takes the result when it
 * mounts. Imported on demand: the map's client code stays out of the login page's bundle.
 */
function preloadMapData(): null {
  if (getToken()) void preloadMapPoles().catch(() => undefined);
  return null;
}

/** Console-owned routes below `/`; the menu may point at them but never registers them again. */
const STATIC_APP_PATHS = new Set([
  DEFAULT_HOME,
  '/isps/userAnnouncement',
  '/help',
  '/404',
  '/test',
  '/test/TestSpecial',
  '/gis',
  '/gis/GlrGis',
  '/gis/GlrGisShow',
  '/gis/GlrLightShow',
  '/gis/Home',
]);

/** The hash router: static routes of spec §2 plus the routes generated after login. */
export function createAppRouter() {
  setDeploymentModules(modulesOfViews(Object.keys(viewRegistry.views)));
  const guard = createRouteGuard({
    getToken,
    hasPermissions: () => useSession.getState().permissions !== null,
    loadPermissions: () => fetchPermissions(currentLanguage()),
    install: (permissions) => {
      setPermissions(permissions);
      const { routes, missing } = buildMenuRoutes(
        permissions.menu,
        viewRegistry,
        urlConfigValues(),
        STATIC_APP_PATHS,
      );
      if (missing.length) console.info(`[ics] menu views not built yet: ${missing.join(', ')}`);
      router.patchRoutes(APP_ROUTE_ID, routes);
    },
    logout,
  });

  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      loader: guard,
      // The guard decides on every navigation, not only when params change.
      shouldRevalidate: () => true,
      children: [
        {
          path: '/user',
          lazy: lazyView(() => import('../layouts/user-layout/user-layout')),
          children: [
            { index: true, loader: () => redirect(LOGIN_PATH) },
            {
              path: 'login',
              handle: title('session', 'login.pageTitle'),
              lazy: lazyView(loginPage),
            },
            {
              path: 'register',
              handle: title('session', 'register.pageTitle'),
              lazy: lazyView(registerPage),
            },
            {
              path: 'register-result',
              handle: title('session', 'registerResult.pageTitle'),
              lazy: lazyView(registerResultPage),
            },
            {
              path: 'alteration',
              handle: title('session', 'alteration.pageTitle'),
              lazy: lazyView(alterationPage),
            },
          ],
        },
        {
          id: APP_ROUTE_ID,
          path: '/',
          handle: title('common', 'routes.home', true),
          lazy: lazyView(() => import('../layouts/basic-layout/basic-layout')),
          children: [
            { index: true, loader: () => redirect(DEFAULT_HOME) },
            {
              path: DEFAULT_HOME,
              handle: title('common', 'routes.home', true),
              // Module tiles of the home page register first (app/dashboard-tiles.ts).
              lazy: lazyView(() => import('./dashboard-tiles').then(analysisPage)),
            },
            {
              path: '/isps/userAnnouncement',
              handle: title('announcement', 'page.title'),
              lazy: lazyView(userAnnouncementPage),
            },
            {
              path: '/help',
              handle: title('common', 'routes.help'),
              lazy: lazyView(helpPage),
            },
            // Inside the layout, so that an unknown address keeps the open tabs.
            {
              path: '/404',
              handle: title('common', 'routes.notFound'),
              lazy: lazyView(notFoundPage),
            },
            // Unknown addresses end inside the layout too (the tabs stay).
            { path: '*', element: <Navigate to="/404" replace /> },
            { path: '/test', loader: () => redirect('/test/TestSpecial') },
            {
              path: '/test/TestSpecial',
              handle: title('device', 'test.pageTitle'),
              lazy: lazyView(testConsolePage),
            },
            { path: '/gis', loader: () => redirect('/gis/GlrGis') },
            ...['GlrGis', 'GlrGisShow', 'GlrLightShow', 'Home'].map((name) => ({
              path: `/gis/${name}`,
              handle: title('lighting', `map.routes.${name}`),
              loader: preloadMapData,
              lazy: lazyView(gisPage),
            })),
          ],
        },
      ],
    },
  ];

  const router = createHashRouter(routes);
  return router;
}
