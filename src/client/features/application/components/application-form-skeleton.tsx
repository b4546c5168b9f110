import {
  FIELD,
  LABEL,
  NAV_ROW,
  PROGRESS_BAR,
  PROGRESS_ROW,
  STEP_DESCRIPTION,
  STEP_TITLE,
} from '#client/components/form/form-layout.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { TOTAL_STEPS } from '../lib/form-values.ts';
import { FIELDS, FORM_BODY } from './application-layout.ts';

/** In the landing page's own texts, not the form's: the page is rendered ahead of time with them. */
const STEP_ONE_LABELS = [
  'application.fields.name',
  'application.fields.language',
  'application.fields.gender',
] as const;

/**
 * Step 1 as it will look, with grey boxes for the controls, shown while the form's code loads. Same texts,
 * same boxes (application-layout.ts, components/form/form-layout.ts), so the form takes its place without
 * moving anything (architecture §6).
 */
export function ApplicationFormSkeleton() {
  const { t, i18n } = useTranslation();
  const progress = t('application.progress', { current: 1, total: TOTAL_STEPS });
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(1 / TOTAL_STEPS);
  return (
    <div role="status" aria-busy="true" aria-label={t('application.loading')}>
      <div aria-hidden="true">
        <div className={PROGRESS_ROW}>
          <span className="font-medium text-foreground">{progress}</span>
          <span className="text-muted-foreground">{percent}</span>
        </div>
        <div className={`${PROGRESS_BAR} h-2 w-full overflow-hidden rounded-full bg-secondary`}>
          <div className="h-full w-1/5 rounded-full bg-linear-to-r from-primary to-accent rtl:bg-linear-to-l" />
        </div>
        <div className={FORM_BODY}>
          <h3 className={STEP_TITLE}>{t('application.steps.basic.title')}</h3>
          <p className={STEP_DESCRIPTION}>{t('application.steps.basic.description')}</p>
          <div className={FIELDS}>
            {STEP_ONE_LABELS.map((key) => (
              <div key={key} className={FIELD}>
                <span className={`${LABEL} flex items-center gap-1`}>
                  {t(key)}
                  <span className="text-destructive">*</span>
                </span>
                <div className="h-10 animate-pulse rounded-md border border-input bg-muted/60" />
              </div>
            ))}
          </div>
          <div className={NAV_ROW}>
            <div className="ms-auto h-10 w-28 animate-pulse rounded-md bg-primary/25" />
          </div>
        </div>
      </div>
    </div>
  );
}
