import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { failureReason, useMessageText } from '#client/lib/messages.ts';
import { queryRoots } from '#client/lib/query-keys.ts';
import { UploadNetworkError } from '#client/lib/upload-with-progress.ts';
import type { ImportDuplicateChoice } from '#shared/creator-import.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { ImportReport } from '#shared/replies/creator-import.ts';
import { checkImport } from '../api/check-import.ts';
import { type ImportEnd, runImport } from '../api/run-import.ts';
import { ImportFilePicker } from './import-file-picker.tsx';
import { ImportProgressView, ImportResultView } from './import-progress.tsx';
import { ImportReportView } from './import-report.tsx';

type Step =
  | { name: 'pick' }
  | { name: 'checking'; file: File; sent: number }
  | { name: 'checkFailed'; file: File; reason: string | undefined }
  | { name: 'report'; file: File; report: ImportReport }
  | { name: 'importing'; file: File; total: number; done: number; created: number }
  | { name: 'ended'; end: ImportEnd | { type: 'lost'; created: number } };

/**
 * The owners' CSV import (decision 061): a file, its dry run, the import with its progress, and the result.
 * The same file goes up twice: the server keeps nothing between the check and the import, so another instance
 * behind the load balancer can take either, and the import judges the rows again against the creators then.
 */
export function ImportScreen() {
  const { t } = useTranslation('import');
  const show = useMessageText();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'pick' });

  async function check(file: File) {
    setStep({ name: 'checking', file, sent: 0 });
    try {
      const report = await checkImport(file, (sent) => setStep({ name: 'checking', file, sent }));
      setStep({ name: 'report', file, report });
    } catch (error) {
      setStep({ name: 'checkFailed', file, reason: show(failureReason(error)) });
    }
  }

  async function run(file: File, total: number, duplicates: ImportDuplicateChoice) {
    let created = 0;
    setStep({ name: 'importing', file, total, done: 0, created });
    try {
      const end = await runImport(file, {
        duplicates,
        onLine: (line) => {
          if (line.type !== 'progress') return;
          created = line.created;
          setStep({ name: 'importing', file, total, done: line.done, created });
        },
      });
      setStep({ name: 'ended', end });
    } catch (error) {
      if (!(error instanceof UploadNetworkError)) {
        setStep({ name: 'checkFailed', file, reason: show(failureReason(error)) });
        return;
      }
      setStep({ name: 'ended', end: { type: 'lost', created } });
    } finally {
      // The lists, the dashboard's counts and the recruiters' listings all gained creators.
      for (const key of [queryRoots.creators, queryRoots.dashboard, queryRoots.recruiters]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
  }

  switch (step.name) {
    case 'pick':
      return <ImportFilePicker onFile={(file) => void check(file)} />;
    case 'checking':
      return (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p className="text-sm break-all">{t('checking', { name: step.file.name })}</p>
          <Progress value={step.sent * 100} aria-label={t('checking', { name: step.file.name })} />
        </div>
      );
    case 'checkFailed':
      return (
        <div className="flex flex-col items-start gap-3">
          <div role="alert" className="text-sm text-destructive">
            <p className="break-all">{t('checkFailed', { name: step.file.name })}</p>
            {step.reason && <p>{step.reason}</p>}
          </div>
          <Button variant="outline" onClick={() => setStep({ name: 'pick' })}>
            {t('tryAnother')}
          </Button>
        </div>
      );
    case 'report':
      return (
        <ImportReportView
          report={step.report}
          onCancel={() => setStep({ name: 'pick' })}
          onImport={(duplicates) => void run(step.file, step.report.rows, duplicates)}
        />
      );
    case 'importing':
      return (
        <ImportProgressView fileName={step.file.name} done={step.done} total={step.total} created={step.created} />
      );
    case 'ended':
      return (
        <ImportResultView
          end={step.end}
          failure={
            step.end.type === 'failed'
              ? show({ key: step.end.messageKey as MessageKey, english: step.end.message })
              : undefined
          }
          onAgain={() => setStep({ name: 'pick' })}
        />
      );
  }
}
