import { Progress } from '#client/components/ui/progress.tsx';
import { PROGRESS_BAR, PROGRESS_ROW } from './form-layout.ts';

export interface StepProgressProps {
  step: number;
  total: number;
  /** "Step n of N", in the interface language. */
  label: string;
  /** The share of the form done, shown beside the label. */
  detail: string;
  /** Hides the detail from screen readers when the bar already says it. */
  isDetailHidden?: boolean;
  /** What the bar announces as its value. */
  valueLabel: string;
}

/** "Step n of N" and the share of the form done, over a bar that slides to the new step. */
export function StepProgress({ step, total, label, detail, isDetailHidden, valueLabel }: StepProgressProps) {
  return (
    <div>
      <div className={PROGRESS_ROW}>
        <span className="font-medium text-foreground">{label}</span>
        <span className="text-muted-foreground" aria-hidden={isDetailHidden || undefined}>
          {detail}
        </span>
      </div>
      <Progress className={PROGRESS_BAR} value={step} max={total} aria-label={label} getValueLabel={() => valueLabel} />
    </div>
  );
}
