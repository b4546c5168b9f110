import { StepProgress } from '#client/components/form/step-progress.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Product §2: 'Step N of 4' with the share of the form done. */
export function Stage2Progress({ step, total }: { step: number; total: number }) {
  const { t, i18n } = useTranslation('stage2');
  const label = t('progress', { current: step, total });
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(step / total);
  const complete = t('percentComplete', { percent });
  return (
    <StepProgress step={step} total={total} label={label} detail={complete} valueLabel={`${label}, ${complete}`} />
  );
}
