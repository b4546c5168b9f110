import { RotateCcwIcon } from 'lucide-react';
import { FormSuccess } from '#client/components/form/form-success.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Product §2 success screen, with 'Submit New Application' to start over. */
export function ApplicationSuccess({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <FormSuccess
      headingLevel="h3"
      title={t('application.success.title')}
      description={t('application.success.description')}
    >
      <Button size="lg" className="mt-8" onClick={onStartOver}>
        <RotateCcwIcon aria-hidden="true" />
        {t('application.success.newApplication')}
      </Button>
    </FormSuccess>
  );
}
