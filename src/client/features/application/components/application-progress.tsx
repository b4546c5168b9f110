import { StepProgress } from '#client/components/form/step-progress.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Product §2: 'Step {current} of {total}'; the bar reads out the same sentence, so the percentage is for the eye. */
export function ApplicationProgress({ step, total }: { step: number; total: number }) {
  const { t, i18n } = useTranslation();
  const label = t('application.progress', { current: step, total });
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(step / total);
  return <StepProgress step={step} total={total} label={label} detail={percent} isDetailHidden valueLabel={label} />;
}
