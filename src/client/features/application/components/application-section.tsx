import { RefreshCwIcon } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PAGE_CONTAINER } from '#client/components/layouts/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { loadNamespace, useTranslation } from '#client/lib/i18n.ts';
import { onFirstInteraction } from '#client/lib/on-intent.ts';
import { APPLY_HEADING_ID, APPLY_SECTION_ID, DRAFT_STORAGE_KEY } from '../lib/form-values.ts';
import { scrollToApplicationForm } from '../lib/scroll.ts';
import type { ApplicationFormProps } from './application-form.tsx';
import { ApplicationFormSkeleton } from './application-form-skeleton.tsx';

type FormModule = { default: ComponentType<ApplicationFormProps> };

let formModule: Promise<FormModule> | undefined;

function FormLoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
      <p className="text-muted-foreground">{t('application.loadFailed')}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        <RefreshCwIcon aria-hidden="true" />
        {t('application.reload')}
      </Button>
    </div>
  );
}

/**
 * The form's code (react-hook-form, zod, Radix select and radio, the steps) is a separate chunk: the landing
 * page loads without it, and fetches it when the visitor nears the form or first interacts with the page
 * (architecture §6, §8). Safe to call any number of times.
 */
export function preloadApplicationForm(): Promise<FormModule> {
  formModule ??= Promise.all([
    import('./application-form.tsx'),
    import('#client/lib/query-provider.tsx'),
    loadNamespace('application'),
    loadNamespace('messages'),
  ]).then(
    ([module, { withQueryClient }]) => ({ default: withQueryClient(module.ApplicationForm) }),
    (error: unknown) => {
      // Offline or a deploy in between: the section says so and offers a reload instead of failing the page.
      console.error('The application form failed to load', error);
      return { default: FormLoadFailed };
    },
  );
  return formModule;
}

const ApplicationForm = lazy(preloadApplicationForm);

/**
 * The proof of work (lib/captcha) starts at her first touch of the form, not with the page, so the landing
 * page's first load does none of it; it is solved while she fills the form in.
 */
function startCaptcha(): void {
  void import('#client/lib/captcha/captcha.ts').then(({ prepareCaptcha }) => prepareCaptcha());
}

function hasDraft(): boolean {
  try {
    return globalThis.localStorage?.getItem(DRAFT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** How far below the screen the form starts loading as the visitor scrolls towards it: one screen. */
const NEAR_MARGIN = '0px 0px 100% 0px';

/** The #apply section (product §1, §2): heading and promise at once, the form once the visitor heads for it. */
export function ApplicationSection() {
  const { t } = useTranslation();
  const [shouldLoad, setShouldLoad] = useState(false);
  // Once she has applied, the success screen stands alone: "Start Your Application" above it would say the opposite.
  const [isComplete, setComplete] = useState(false);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    const load = () => {
      void preloadApplicationForm();
      setShouldLoad(true);
    };
    // A link to /#apply means the visitor came for the form: load it now and land on it.
    if (window.location.hash === `#${APPLY_SECTION_ID}`) {
      load();
      scrollToApplicationForm();
      return;
    }
    // A visitor coming back to an application in progress gets it back at once.
    if (hasDraft()) {
      load();
      return;
    }
    const stopWaiting = onFirstInteraction(load);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: NEAR_MARGIN },
    );
    if (section.current) observer.observe(section.current);
    return () => {
      stopWaiting();
      observer.disconnect();
    };
  }, []);

  return (
    <section
      ref={section}
      id={APPLY_SECTION_ID}
      aria-labelledby={APPLY_HEADING_ID}
      className="scroll-mt-16 bg-linear-to-b from-background to-secondary/60 py-16 sm:py-24"
      onFocusCapture={startCaptcha}
      onPointerDownCapture={startCaptcha}
    >
      <div className={PAGE_CONTAINER}>
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id={APPLY_HEADING_ID}
            tabIndex={-1}
            className={isComplete ? 'sr-only' : 'text-3xl font-bold tracking-tight outline-none sm:text-4xl'}
          >
            {t('application.title')}
          </h2>
          {!isComplete && <p className="mt-4 text-lg text-muted-foreground">{t('application.intro')}</p>}
        </div>
        <div
          className={cn(
            'mx-auto max-w-2xl rounded-2xl border bg-card p-5 shadow-xl shadow-primary/5 sm:p-8',
            !isComplete && 'mt-10',
          )}
        >
          {shouldLoad ? (
            <Suspense fallback={<ApplicationFormSkeleton />}>
              <ApplicationForm onCompleteChange={setComplete} />
            </Suspense>
          ) : (
            <ApplicationFormSkeleton />
          )}
        </div>
      </div>
    </section>
  );
}
