import { useTranslation } from 'react-i18next';
import { Progress } from '#client/components/ui/progress.tsx';
import { PROGRESS_BAR, PROGRESS_ROW } from './application-layout.ts';

/** "Step n of 5" and the share of the form done, as a sentence for screen readers. */
export function useStepProgressText(step: number, total: number) {
  const { t, i18n } = useTranslation();
  const label = t('application.progress', { current: step, total });
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(step / total);
  return { label, percent };
}

/** Spec §2: 'Step {current} of {total}' over a bar that slides to the new step. */
export function ApplicationProgress({ step, total }: { step: number; total: number }) {
  const { label, percent } = useStepProgressText(step, total);
  return (
    <div>
      <div className={PROGRESS_ROW}>
        <span className="font-medium text-foreground">{label}</span>
        <span className="text-muted-foreground" aria-hidden="true">
          {percent}
        </span>
      </div>
      <Progress className={PROGRESS_BAR} value={step} max={total} aria-label={label} getValueLabel={() => label} />
    </div>
  );
}
