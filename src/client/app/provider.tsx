import { TriangleAlertIcon } from 'lucide-react';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { onFirstInteraction } from '#client/lib/on-intent.ts';
import { hasRaisedToast, onFirstToast } from '#client/lib/toast.ts';

// Toasts nearly always follow a user action, so the toast area (sonner) loads at the first interaction or the
// first toast, whichever comes first. A toast raised before it arrives waits in sonner's store and shows once
// the Toaster mounts. A chunk that fails to load costs the toasts, not the page.
const Toaster = lazy<ComponentType>(() =>
  import('#client/components/ui/toaster.tsx').then(
    (module) => ({ default: module.Toaster }),
    (error: unknown) => {
      console.error('Toaster failed to load', error);
      return { default: () => null };
    },
  ),
);

function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t('errors.generic')}</h1>
      <p className="mt-2 max-w-md text-muted-foreground">{t('errors.genericDescription')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {/* A full reload also recovers from a screen chunk that failed to download (e.g. after a deploy). */}
        <Button onClick={() => window.location.reload()}>{t('errors.tryAgain')}</Button>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('common.backHome')}
        </a>
      </div>
    </main>
  );
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Turns a render error anywhere below into a friendly, translated page instead of a blank screen. */
class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}

/** Mounts the toast area once it can be needed: at the first interaction or the first toast. */
function DeferredToaster() {
  const [hasInteracted, setHasInteracted] = useState(false);
  const hasToasts = useSyncExternalStore(onFirstToast, hasRaisedToast, () => false);
  useEffect(() => onFirstInteraction(() => setHasInteracted(true)), []);
  if (!hasInteracted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * What every screen relies on: translations, toasts and the error boundary. The server-state cache is
 * provided by the screens that fetch (lib/query-provider.tsx), so the landing page's first load does without it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <ErrorBoundary>{children}</ErrorBoundary>
      <DeferredToaster />
    </>
  );
}
