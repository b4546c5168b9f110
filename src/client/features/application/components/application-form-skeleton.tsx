import { ChevronDownIcon } from 'lucide-react';
import {
  FIELD,
  LABEL,
  NAV_ROW,
  PROGRESS_BAR,
  PROGRESS_ROW,
  STEP_DESCRIPTION,
  STEP_TITLE,
} from '#client/components/form/form-layout.ts';
import { FIELD_CLASSES, FIELD_TEXT } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { TOTAL_STEPS } from '../lib/form-values.ts';
import { FIELDS, FORM_BODY } from './application-layout.ts';

/**
 * Step 1's fields, labels and placeholders in the landing page's own texts, not the form's: the page is rendered
 * ahead of time with them, so no key shows while the form's code and texts load or when script is blocked.
 */
const STEP_ONE_FIELDS = [
  { label: 'application.fields.name', placeholder: 'application.fields.namePlaceholder', isSelect: false },
  { label: 'application.fields.language', placeholder: 'application.fields.languagePlaceholder', isSelect: true },
  { label: 'application.fields.gender', placeholder: 'application.fields.genderPlaceholder', isSelect: true },
] as const;

/**
 * Step 1 as it will look, with the controls' boxes, labels and placeholders, shown while the form's code loads. Same texts,
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
            {STEP_ONE_FIELDS.map(({ label, placeholder, isSelect }) => (
              <div key={label} className={FIELD}>
                <span className={`${LABEL} flex items-center gap-1`}>
                  {t(label)}
                  <span className="text-destructive">*</span>
                </span>
                <div className={cn(FIELD_CLASSES, FIELD_TEXT, 'flex h-10 items-center justify-between gap-2 py-2')}>
                  <span className="truncate text-muted-foreground">{t(placeholder)}</span>
                  {isSelect && <ChevronDownIcon className="size-4 shrink-0 opacity-60" />}
                </div>
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
