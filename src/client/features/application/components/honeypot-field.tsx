import type { Ref } from 'react';
import { useTranslation } from '#client/lib/i18n.ts';
import { HONEYPOT_FIELD } from '#shared/schemas/application.ts';

/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of the tab order,
 * no autofill) but form-filling bots do; the server silently drops applications that fill it (decision 008).
 */
export function HoneypotField({ ref }: { ref: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -start-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="application-website">{t('application.fields.website')}</label>
      <input ref={ref} id="application-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
