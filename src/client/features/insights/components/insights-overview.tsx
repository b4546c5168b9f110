import { LoaderCircleIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { FIRST_DAY, LAST_DAY } from '#shared/limits.ts';
import { messageOf } from '#shared/messages/message.ts';
import { dayProblem } from '#shared/schemas/dates.ts';
import { defaultInsightsRange, type InsightsRange } from '#shared/schemas/insights.ts';
import { useInsights } from '../api/get-insights.ts';
import { InsightsApplications } from './insights-applications.tsx';
import { InsightsConversion } from './insights-conversion.tsx';
import { InsightsDropReasons } from './insights-drop-reasons.tsx';
import { InsightsFunnel, InsightsRecruiterLinks } from './insights-funnel.tsx';
import { InsightsTimeInStatus } from './insights-time-in-status.tsx';

/** The range form: two days (UTC, both included), shown when "Show" is pressed. */
function InsightsRangeForm({ range, onChange }: { range: InsightsRange; onChange: (range: InsightsRange) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const messageText = useMessageText();
  // A browser's date field lets a year such as 10000 through; the server would refuse it with this message.
  const dayMessage = [from, to].map((day) => (day ? dayProblem(day) : null)).find((problem) => problem !== null);
  const isInvalid = !from || !to || from > to || dayMessage !== undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isInvalid) onChange({ from, to });
  }
  return (
    <form onSubmit={submit} aria-label={t('insights.range.legend')} className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>{t('insights.range.from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          min={FIRST_DAY}
          max={to || LAST_DAY}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>{t('insights.range.to')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || FIRST_DAY}
          max={LAST_DAY}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={isInvalid}>
        {t('insights.range.apply')}
      </Button>
      {dayMessage ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {messageText(messageOf(dayMessage))}
        </p>
      ) : (
        from &&
        to &&
        from > to && (
          <p role="alert" className="basis-full text-sm text-destructive">
            {t('insights.range.invalid')}
          </p>
        )
      )}
    </form>
  );
}

/** The insights screen (decision 026): the form's funnel, applications, conversion and time in status. */
export function InsightsOverview() {
  const { t: tc } = useTranslation();
  const { t } = useTranslation('admin');
  const [range, setRange] = useState(defaultInsightsRange);
  const insights = useInsights(range);
  const data = insights.data;

  let body: React.ReactNode;
  if (insights.isError && !data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-12 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">{t('insights.loadFailed')}</p>
        <Button variant="outline" onClick={() => insights.refetch()} disabled={insights.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
        {tc('common.loading')}
      </div>
    );
  } else {
    const recruiterName = (row: { recruiterId: string | null; recruiterName: string | null }) =>
      row.recruiterId === null ? t('insights.noRecruiter') : (row.recruiterName ?? t('insights.removedRecruiter'));
    body = (
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2" aria-busy={insights.isFetching}>
        <InsightsFunnel funnel={data.funnel} />
        <InsightsRecruiterLinks rows={data.funnelByRecruiter} />
        <div className="2xl:col-span-2">
          <InsightsApplications days={data.applicationsPerDay} />
        </div>
        <InsightsConversion
          id="insights-by-language"
          title={t('insights.conversion.byLanguage')}
          groupHeading={t('insights.conversion.language')}
          rows={data.conversionByLanguage}
          keyOf={(row) => row.language}
          nameOf={(row) => row.language}
        />
        <InsightsConversion
          id="insights-by-recruiter"
          title={t('insights.conversion.byRecruiter')}
          groupHeading={t('insights.conversion.recruiter')}
          rows={data.conversionByRecruiter}
          keyOf={(row) => row.recruiterId ?? 'none'}
          nameOf={recruiterName}
        />
        <div className="2xl:col-span-2">
          <InsightsTimeInStatus rows={data.timeInStatus} />
        </div>
        <div className="2xl:col-span-2">
          <InsightsDropReasons rows={data.dropReasons} recruiterName={recruiterName} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <InsightsRangeForm range={range} onChange={setRange} />
      {body}
    </div>
  );
}
