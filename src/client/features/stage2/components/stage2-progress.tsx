import { useTranslation } from 'react-i18next';
import { Progress } from '#client/components/ui/progress.tsx';
import { PROGRESS_ROW } from './stage2-layout.ts';

/** Spec §2: 'Step N of 4' with the share of the form done, over a bar that slides to the new step. */
export function Stage2Progress({ step, total }: { step: number; total: number }) {
  const { t, i18n } = useTranslation('stage2');
  const label = t('progress', { current: step, total });
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(step / total);
  const complete = t('percentComplete', { percent });
  return (
    <div>
      <div className={PROGRESS_ROW}>
        <span className="font-medium text-foreground">{label}</span>
        <span className="text-muted-foreground">{complete}</span>
      </div>
      <Progress
        className="mt-3"
        value={step}
        max={total}
        aria-label={label}
        getValueLabel={() => `${label}, ${complete}`}
      />
    </div>
  );
}
