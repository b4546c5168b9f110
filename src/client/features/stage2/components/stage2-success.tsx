import { CircleCheckBigIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button.tsx';

/** How long to wait for the browser to close the window before saying it would not. */
const CLOSE_CHECK_MS = 300;

/**
 * Spec §2: 'Submission Complete!', the thank-you text and 'Close Window'. Browsers only let a script close
 * a window a script opened, so when the window stays open the page says the tab can simply be closed.
 */
export function Stage2Success() {
  const { t } = useTranslation('stage2');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [isCloseRefused, setCloseRefused] = useState(false);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);

  function closeWindow() {
    window.close();
    setTimeout(() => {
      if (!window.closed) setCloseRefused(true);
    }, CLOSE_CHECK_MS);
  }

  return (
    <div className="flex animate-[pop-in_300ms_cubic-bezier(0.16,1,0.3,1)] flex-col items-center py-6 text-center sm:py-10">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
        <CircleCheckBigIcon className="size-8" aria-hidden="true" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-6 text-2xl font-bold tracking-tight outline-none">
        {t('success.title')}
      </h2>
      <p className="mt-3 max-w-md text-muted-foreground">{t('success.description')}</p>
      <Button size="lg" variant="outline" className="mt-8" onClick={closeWindow}>
        <XIcon aria-hidden="true" />
        {t('success.close')}
      </Button>
      {isCloseRefused && (
        <p role="status" className="mt-4 max-w-md text-sm text-muted-foreground">
          {t('success.closeRefused')}
        </p>
      )}
    </div>
  );
}
