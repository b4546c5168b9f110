import { CircleCheckBigIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/components/ui/button.tsx';

/** Spec §2 success screen. Focus moves to its heading so screen readers announce the outcome. */
export function ApplicationSuccess({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <div className="flex animate-[pop-in_300ms_cubic-bezier(0.16,1,0.3,1)] flex-col items-center py-6 text-center sm:py-10">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
        <CircleCheckBigIcon className="size-8" aria-hidden="true" />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="mt-6 text-2xl font-bold tracking-tight outline-none">
        {t('application.success.title')}
      </h3>
      <p className="mt-3 max-w-md text-muted-foreground">{t('application.success.description')}</p>
      <Button size="lg" className="mt-8" onClick={onStartOver}>
        <RotateCcwIcon aria-hidden="true" />
        {t('application.success.newApplication')}
      </Button>
    </div>
  );
}
