import { LoaderCircleIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import { isCreatorStatus } from '#shared/creator-status.ts';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

// Admin and stage-2 screens are separate chunks, so the public landing page never downloads them (DESIGN §6).
const Stage2Route = lazy(() => import('./routes/stage2.tsx').then((module) => ({ default: module.Stage2Route })));
const AdminLoginRoute = lazy(() =>
  import('./routes/admin/login.tsx').then((module) => ({ default: module.AdminLoginRoute })),
);
const AdminDashboardRoute = lazy(() =>
  import('./routes/admin/dashboard.tsx').then((module) => ({ default: module.AdminDashboardRoute })),
);
const AdminRecruitersRoute = lazy(() =>
  import('./routes/admin/recruiters.tsx').then((module) => ({ default: module.AdminRecruitersRoute })),
);
const AdminCreatorsRoute = lazy(() =>
  import('./routes/admin/creators.tsx').then((module) => ({ default: module.AdminCreatorsRoute })),
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

/** Every route of spec §2; anything else is the not-found screen. */
export function AppRouter() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          <Route path="/" component={LandingRoute} />
          <Route path="/stage2/:creatorId" component={Stage2Route} />
          <Route path="/admin" component={AdminLoginRoute} />
          <Route path="/admin/dashboard" component={AdminDashboardRoute} />
          <Route path="/admin/recruiters" component={AdminRecruitersRoute} />
          <Route path="/admin/creators/:status">
            {({ status }) => (isCreatorStatus(status) ? <AdminCreatorsRoute status={status} /> : <NotFoundRoute />)}
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </>
  );
}
