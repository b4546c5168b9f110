import { LoaderCircleIcon } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { type LazyNamespace, loadNamespace, useTranslation } from '#client/lib/i18n.ts';
import { isCreatorStatus } from '#shared/creator-status.ts';
import { LandingRoute } from './routes/landing.tsx';

/** A screen in its own chunk that can be asked to start downloading before it renders. */
type PreloadableScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A screen in its own chunk, rendered at once when the chunk is already in. React's own `lazy` suspends at
 * a component's first render even when its module has arrived, and every fallback it shows holds the content
 * behind it back for at least 300 ms: an admin page opened from its address waited twice so, three quarters
 * of a second, with every chunk and reply long in.
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableScreen<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((Screen) => {
      Loaded = Screen;
      return { default: Screen };
    });
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as `lazy` makes its own.
  function Screen(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}

// Admin, stage-2, own-page and not-found screens are separate chunks, so the public landing page never downloads them
// (architecture §6).
const NotFoundRoute = preloadable(() => import('./routes/not-found.tsx').then((module) => module.NotFoundRoute));
const Stage2Route = preloadable(() =>
  Promise.all([
    import('./routes/stage2.tsx').then(async (module) =>
      (await import('#client/lib/query-provider.tsx')).withQueryClient(module.Stage2Route),
    ),
    loadNamespace('messages'),
  ]).then(([Screen]) => Screen),
);

const ApplicantPageRoute = preloadable(() =>
  Promise.all([
    import('./routes/me.tsx').then(async (module) =>
      (await import('#client/lib/query-provider.tsx')).withQueryClient(module.ApplicantPageRoute),
    ),
    loadNamespace('me'),
    loadNamespace('messages'),
  ]).then(([Screen]) => Screen),
);

type AdminNamespace = Extract<LazyNamespace, 'admin' | 'account' | 'recruiters'>;

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

/**
 * The sign-in screen loads without the query cache and its library (docs/decisions/054): it is the one admin
 * page rendered ahead of time, so its first load is kept as lean as the landing page's.
 */
const AdminLoginRoute = preloadable<{ warmUp?: () => void }>(() =>
  Promise.all([
    import('./routes/admin/login.tsx').then((module) => module.AdminLoginRoute),
    loadNamespace('admin'),
  ]).then(([Screen]) => Screen),
);
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
 * (which the sign-in form also waits for before it shows one).
 */
function warmUpBackOffice() {
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
};

/** Shown while a screen's chunk loads; it fades in late so fast loads show no spinner at all. */
function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <div className="flex animate-[fade-in_200ms_ease-out_400ms_both] items-center gap-3 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
        {t('common.loading')}
      </div>
    </div>
  );
}

/** A new page starts at its top, unless the address points at an anchor on it. */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  // The first render keeps the browser's own scroll restoration (reload, back/forward).
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** Every route of product §2; anything else is the not-found screen. */
export function AppRouter() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          <Route path="/" component={LandingRoute} />
          <Route path="/stage2/:creatorId" component={Stage2Route} />
          <Route path="/me/:creatorId" component={ApplicantPageRoute} />
          <Route path="/admin">
            <AdminLoginRoute warmUp={warmUpBackOffice} />
          </Route>
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
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </>
  );
}

/**
 * Downloads the chunks the page at `path` renders first, so the first render shows it (or the session
 * check) without a loading screen in between. Never rejects: a chunk that fails loads again at render,
 * where the error boundary reports it.
 */
export function preloadRoute(path: string): Promise<void> {
  const route = path.replace(/\/+$/, '') || '/';
  const chunks: Promise<unknown>[] = [];
  if (route.startsWith('/stage2/')) chunks.push(Stage2Route.preload());
  else if (route.startsWith('/me/')) chunks.push(ApplicantPageRoute.preload());
  else if (route.startsWith('/admin/creators/')) chunks.push(AdminCreatorsRoute.preload(), AdminSessionGuard.preload());
  else if (route === '/admin') chunks.push(AdminLoginRoute.preload());
  else if (GUARDED_SCREENS[route]) chunks.push(GUARDED_SCREENS[route].preload(), AdminSessionGuard.preload());
  else if (route.startsWith('/admin/')) chunks.push(AdminNotFoundRoute.preload(), AdminSessionGuard.preload());
  else if (route !== '/') chunks.push(NotFoundRoute.preload());
  return Promise.all(chunks).then(
    () => undefined,
    () => undefined,
  );
}
