import { LoaderCircleIcon } from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { type LazyNamespace, loadNamespace, useTranslation } from '#client/lib/i18n.ts';
import { isCreatorStatus } from '#shared/creator-status.ts';
import { LandingRoute } from './routes/landing.tsx';

// Admin, stage-2 and not-found screens are separate chunks, so the public landing page never downloads them
// (architecture §6).
const NotFoundRoute = lazy(() =>
  import('./routes/not-found.tsx').then((module) => ({ default: module.NotFoundRoute })),
);
const Stage2Route = lazy(() =>
  import('./routes/stage2.tsx')
    .then(async (module) => (await import('#client/lib/query-provider.tsx')).withQueryClient(module.Stage2Route))
    .then((Screen) => ({ default: Screen })),
);

type AdminNamespace = Extract<LazyNamespace, 'admin' | 'account' | 'recruiters'>;

/** A lazy screen that can be asked to start downloading before it renders. */
type PreloadableScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** An admin screen's chunk and its texts load together, so it renders translated from the first paint. */
function lazyAdminScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly AdminNamespace[] = ['admin'],
): PreloadableScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    const withCache = () =>
      import('#client/lib/query-provider.tsx').then(({ loadWithQueryClient }) => loadWithQueryClient(load));
    loading ??= Promise.all([withCache(), ...namespaces.map((namespace) => loadNamespace(namespace))]).then(
      ([Screen]) => ({ default: Screen }),
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

const AdminSessionGuard = lazy(() =>
  Promise.all([
    import('#client/features/auth/components/admin-session-guard.tsx'),
    import('#client/lib/query-provider.tsx'),
  ]).then(([module, { withQueryClient }]) => ({ default: withQueryClient(module.AdminSessionGuard) })),
);

/**
 * Every admin page but the login needs a session (product §2). The screen's chunk starts downloading beside the
 * guard's, so checking the session costs no extra round of downloads.
 */
function GuardedAdminPage<P extends object>({ screen: Screen, props }: { screen: PreloadableScreen<P>; props: P }) {
  void Screen.preload();
  return (
    <AdminSessionGuard>
      <Screen {...props} />
    </AdminSessionGuard>
  );
}

const AdminLoginRoute = lazyAdminScreen(() =>
  import('./routes/admin/login.tsx').then((module) => module.AdminLoginRoute),
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
          <Route path="/admin" component={AdminLoginRoute} />
          <Route path="/admin/dashboard">
            <GuardedAdminPage screen={AdminDashboardRoute} props={{}} />
          </Route>
          <Route path="/admin/recruiters">
            <GuardedAdminPage screen={AdminRecruitersRoute} props={{}} />
          </Route>
          <Route path="/admin/insights">
            <GuardedAdminPage screen={AdminInsightsRoute} props={{}} />
          </Route>
          <Route path="/admin/account">
            <GuardedAdminPage screen={AdminAccountRoute} props={{}} />
          </Route>
          <Route path="/admin/admins">
            <GuardedAdminPage screen={AdminAdminsRoute} props={{}} />
          </Route>
          <Route path="/admin/deliveries">
            <GuardedAdminPage screen={AdminDeliveriesRoute} props={{}} />
          </Route>
          <Route path="/admin/creators/:status">
            {({ status }) =>
              isCreatorStatus(status) ? (
                <GuardedAdminPage screen={AdminCreatorsRoute} props={{ status }} />
              ) : (
                <NotFoundRoute />
              )
            }
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </>
  );
}
