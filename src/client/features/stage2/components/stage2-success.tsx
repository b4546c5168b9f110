import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { FormSuccess } from '#client/components/form/form-success.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** How long to wait for the browser to close the window before saying it would not. */
const CLOSE_CHECK_MS = 300;

/**
 * Product §2: 'Submission Complete!', the thank-you text and 'Close Window'. Browsers only let a script close
 * a window a script opened, so when the window stays open the page says the tab can simply be closed.
 */
export function Stage2Success() {
  const { t } = useTranslation('stage2');
  const [isCloseRefused, setCloseRefused] = useState(false);

  function closeWindow() {
    window.close();
    setTimeout(() => {
      if (!window.closed) setCloseRefused(true);
    }, CLOSE_CHECK_MS);
  }

  return (
    <FormSuccess headingLevel="h2" title={t('success.title')} description={t('success.description')}>
      <Button size="lg" variant="outline" className="mt-8" onClick={closeWindow}>
        <XIcon aria-hidden="true" />
        {t('success.close')}
      </Button>
      {/* The live region is there from the start, so a screen reader announces the words when they arrive. */}
      <p role="status" className="mt-4 max-w-md text-sm text-muted-foreground empty:hidden">
        {isCloseRefused ? t('success.closeRefused') : ''}
      </p>
    </FormSuccess>
  );
}
