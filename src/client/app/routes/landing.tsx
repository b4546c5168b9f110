import { useEffect } from 'react';
import { PublicLayout } from '#client/components/layouts/public-layout.tsx';
import {
  ApplicationSection,
  preloadApplicationForm,
} from '#client/features/application/components/application-section.tsx';
import { APPLY_SECTION_ID } from '#client/features/application/lib/form-values.ts';
import { scrollToApplicationForm } from '#client/features/application/lib/scroll.ts';
import { LandingHero } from '#client/features/landing/components/landing-hero.tsx';
import { LandingWhySection } from '#client/features/landing/components/landing-why-section.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { reportFunnelStep } from '#client/lib/funnel-beacon.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

/** Both Apply Now buttons: fetch the form if it is not in yet, and bring it into view (product §1). */
const APPLY = {
  href: `#${APPLY_SECTION_ID}`,
  onApply: () => {
    void preloadApplicationForm();
    scrollToApplicationForm();
  },
};

/**
 * The funnel's first step (decision 026), reported once the page has painted and the browser is idle. Its code
 * travels with the page: as a chunk of its own it cost two more requests than its bytes (docs/decisions/054).
 */
function reportLandingSeen() {
  const report = () => reportFunnelStep('landing');
  if ('requestIdleCallback' in globalThis) requestIdleCallback(report, { timeout: 5000 });
  else setTimeout(report, 1000);
}

/** The public landing page (product §1, §2 route /): hero, pitch, and the application form at #apply. */
export function LandingRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.title', { brand: BRAND_NAME }), { isSiteTitle: true });
  useEffect(reportLandingSeen, []);
  return (
    <PublicLayout>
      <LandingHero apply={APPLY} />
      <LandingWhySection apply={APPLY} />
      <ApplicationSection />
    </PublicLayout>
  );
}
