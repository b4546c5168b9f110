import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { type LazyNamespace, loadNamespace } from '#client/lib/i18n.ts';
import { isCreatorStatus } from '#shared/creator-status.ts';
import { NotFoundRoute, type PreloadableScreen, preloadable } from './screens.tsx';

type AdminNamespace = Extract<LazyNamespace, 'admin' | 'account' | 'recruiters' | 'templates' | 'import'>;

/**
 * An admin screen's chunk and its texts load together, so it renders translated from the first paint; every
 * admin screen shows the server's messages, so both parts of those come along (docs/decisions/031).
 */
function lazyAdminScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly AdminNamespace[] = ['admin'],
): PreloadableScreen<P> {
  return preloadable(() =>
    Promise.all([
      import('#client/lib/query-provider.tsx').then(({ loadWithQueryClient }) => loadWithQueryClient(load)),
      ...namespaces.map((namespace) => loadNamespace(namespace)),
      loadNamespace('messages'),
      loadNamespace('adminMessages'),
    ]).then(([Screen]) => Screen),
  );
}

// The guard draws the admin shell while a screen's code loads, so it brings the shell's texts along.
const AdminSessionGuard = preloadable<{ children: ReactNode; signedOut?: ReactNode }>(() =>
  Promise.all([
    import('#client/features/auth/components/admin-session-guard.tsx'),
    import('#client/lib/query-provider.tsx'),
    loadNamespace('admin'),
  ]).then(([module, { withQueryClient }]) => withQueryClient(module.AdminSessionGuard)),
);

/**
 * A bulk action still running shows its progress and then its summary on whichever admin page is open
 * (docs/decisions/034). Its own chunk, after the screen's: nothing on the first paint waits for it.
 */
const BulkJobWatcher = lazy(() =>
  import('#client/features/creators/components/creator-bulk-job-watcher.tsx').then((module) => ({
    default: module.CreatorBulkJobWatcher,
  })),
);

/**
 * Once an admin page is on screen, the other admin screens download while the browser is idle, so the first
 * visit to each section shows it at once instead of a loading state.
 */
function usePreloadAdminScreens() {
  useEffect(() => {
    const preloadAll = () => {
      for (const screen of [...Object.values(GUARDED_SCREENS), AdminCreatorsRoute, AdminNotFoundRoute]) {
        void screen.preload().catch(() => undefined);
      }
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(preloadAll, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preloadAll, 1500);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Every admin page but the login needs a session (product §2). The screen's chunk starts downloading beside the
 * guard's, so checking the session costs no extra round of downloads.
 */
function GuardedAdminPage<P extends object>({
  screen: Screen,
  props,
  signedOut,
}: {
  screen: PreloadableScreen<P>;
  props: P;
  signedOut?: ReactNode;
}) {
  void Screen.preload();
  usePreloadAdminScreens();
  return (
    <AdminSessionGuard signedOut={signedOut}>
      <Screen {...props} />
      <Suspense fallback={null}>
        <BulkJobWatcher />
      </Suspense>
    </AdminSessionGuard>
  );
}

const AdminDashboardRoute = lazyAdminScreen(() =>
  import('./routes/admin/dashboard.tsx').then((module) => module.AdminDashboardRoute),
);
const AdminRecruitersRoute = lazyAdminScreen(
  () => import('./routes/admin/recruiters.tsx').then((module) => module.AdminRecruitersRoute),
  ['admin', 'recruiters'],
);
const AdminInsightsRoute = lazyAdminScreen(() =>
  import('./routes/admin/insights.tsx').then((module) => module.AdminInsightsRoute),
);
const AdminCreatorsRoute = lazyAdminScreen(() =>
  import('./routes/admin/creators.tsx').then((module) => module.AdminCreatorsRoute),
);
const AdminAccountRoute = lazyAdminScreen(
  () => import('./routes/admin/account.tsx').then((module) => module.AdminAccountRoute),
  ['admin', 'account'],
);
const AdminAdminsRoute = lazyAdminScreen(
  () => import('./routes/admin/admins.tsx').then((module) => module.AdminAdminsRoute),
  ['admin', 'account'],
);
const AdminDeliveriesRoute = lazyAdminScreen(() =>
  import('./routes/admin/deliveries.tsx').then((module) => module.AdminDeliveriesRoute),
);
const AdminTemplatesRoute = lazyAdminScreen(
  () => import('./routes/admin/templates.tsx').then((module) => module.AdminTemplatesRoute),
  ['admin', 'templates'],
);
const AdminListsRoute = lazyAdminScreen(() =>
  import('./routes/admin/lists.tsx').then((module) => module.AdminListsRoute),
);
const AdminImportRoute = lazyAdminScreen(
  () => import('./routes/admin/import.tsx').then((module) => module.AdminImportRoute),
  ['admin', 'import'],
);
const AdminBoardRoute = lazyAdminScreen(() =>
  import('./routes/admin/board.tsx').then((module) => module.AdminBoardRoute),
);
const AdminNotFoundRoute = lazyAdminScreen(() =>
  import('./routes/admin/not-found.tsx').then((module) => module.AdminNotFoundRoute),
);

/**
 * An address under /admin that names no page (product §2's route table: any other address is not found): said
 * inside the admin to a signed-in admin, and as the site's own not-found page to anyone else.
 */
function AdminNotFound() {
  return <GuardedAdminPage screen={AdminNotFoundRoute} props={{}} signedOut={<NotFoundRoute />} />;
}

/**
 * What signing in leads to: the session check with the query cache, the dashboard, and the messages' texts
 * (which the sign-in form also waits for before it shows one). The sign-in screen calls it at the first tap or key.
 */
export function warmUpBackOffice() {
  void Promise.all([
    AdminSessionGuard.preload(),
    AdminDashboardRoute.preload(),
    loadNamespace('messages'),
    loadNamespace('adminMessages'),
  ]).catch(() => undefined);
}

/** The admin screens at fixed addresses behind the session check. */
const GUARDED_SCREENS: Record<string, PreloadableScreen<object>> = {
  '/admin/dashboard': AdminDashboardRoute,
  '/admin/recruiters': AdminRecruitersRoute,
  '/admin/insights': AdminInsightsRoute,
  '/admin/account': AdminAccountRoute,
  '/admin/admins': AdminAdminsRoute,
  '/admin/deliveries': AdminDeliveriesRoute,
  '/admin/templates': AdminTemplatesRoute,
  '/admin/lists': AdminListsRoute,
  '/admin/import': AdminImportRoute,
  '/admin/board': AdminBoardRoute,
};

/**
 * Every address under /admin but the sign-in's own (product §2). Its own chunk, with the table of admin screens:
 * the landing page's first load carries none of it, and the sign-in fetches it at the first tap or key.
 */
export function AdminRoutes() {
  return (
    <Switch>
      {Object.entries(GUARDED_SCREENS).map(([path, screen]) => (
        <Route key={path} path={path}>
          <GuardedAdminPage screen={screen} props={{}} />
        </Route>
      ))}
      <Route path="/admin/creators/:status">
        {({ status }) =>
          isCreatorStatus(status) ? (
            <GuardedAdminPage screen={AdminCreatorsRoute} props={{ status }} />
          ) : (
            <AdminNotFound />
          )
        }
      </Route>
      {/* Any other admin address: not found, inside the admin. */}
      <Route path="/admin/*">
        <AdminNotFound />
      </Route>
    </Switch>
  );
}

/** Downloads the chunks the admin page at `route` renders first (see preloadRoute in router.tsx). */
export function preloadAdminRoute(route: string): Promise<unknown> {
  if (route.startsWith('/admin/creators/'))
    return Promise.all([AdminCreatorsRoute.preload(), AdminSessionGuard.preload()]);
  const screen = GUARDED_SCREENS[route];
  if (screen) return Promise.all([screen.preload(), AdminSessionGuard.preload()]);
  return Promise.all([AdminNotFoundRoute.preload(), AdminSessionGuard.preload()]);
}
