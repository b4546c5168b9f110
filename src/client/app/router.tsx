import { LoaderCircleIcon } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { loadNamespace, useTranslation } from '#client/lib/i18n.ts';
import { NotFoundRoute, preloadable } from './screens.tsx';

// Every screen is a chunk of its own, so a page downloads only the screens it shows (architecture §6), and the
// admin login's first load carries nothing of the landing page. The two pages rendered ahead of time start from
// their screen's chunk and name what it imports for the browser to fetch at once (scripts/prerender.mjs); the
// start-up waits for the screen before it hydrates (start.tsx).
/** The landing page (product §1). */
const LandingRoute = preloadable(() => import('./routes/landing.tsx').then((module) => module.LandingRoute));
/** The back office, with its route table (admin-routes.tsx). */
const AdminRoutes = preloadable(() => import('./admin-routes.tsx').then((module) => module.AdminRoutes));

/** What signing in leads to starts downloading at the first tap or key on the sign-in screen. */
function warmUpBackOffice() {
  void import('./admin-routes.tsx').then(
    (module) => module.warmUpBackOffice(),
    () => undefined,
  );
}

/**
 * The sign-in screen, with its texts: the one admin page rendered ahead of time, so its first load carries neither
 * the back office's route table nor the query cache and its library (docs/decisions/054).
 */
const AdminLoginRoute = preloadable<{ warmUp?: () => void }>(() =>
  Promise.all([import('./routes/admin/login.tsx'), loadNamespace('login')]).then(([module]) => module.AdminLoginRoute),
);

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
          <Route path="/admin/*">
            <AdminRoutes />
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </>
  );
}

/**
 * Downloads the chunks the page at `path` renders first, so the first render (or the hydration of a page
 * rendered ahead of time) shows it, or the session check, without a loading screen in between. Never rejects:
 * a chunk that fails loads again at render, where the error boundary reports it.
 */
export function preloadRoute(path: string): Promise<void> {
  const route = path.replace(/\/+$/, '') || '/';
  let chunks: Promise<unknown>;
  if (route === '/') chunks = LandingRoute.preload();
  else if (route.startsWith('/stage2/')) chunks = Stage2Route.preload();
  else if (route.startsWith('/me/')) chunks = ApplicantPageRoute.preload();
  else if (route === '/admin') chunks = AdminLoginRoute.preload();
  else if (route.startsWith('/admin/'))
    chunks = Promise.all([
      AdminRoutes.preload(),
      import('./admin-routes.tsx').then((module) => module.preloadAdminRoute(route)),
    ]);
  else chunks = NotFoundRoute.preload();
  return chunks.then(
    () => undefined,
    () => undefined,
  );
}
