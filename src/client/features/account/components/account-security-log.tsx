import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useSecurityLog } from '../api/get-account.ts';
import { AccountSection } from './account-section.tsx';

/** The admin's own sign-ins, failures and account changes, newest first (decision 021). */
export function AccountSecurityLog() {
  const { t, i18n } = useTranslation('account');
  const log = useSecurityLog();
  return (
    <AccountSection id="account-log" heading={t('account.log.heading')} description={t('account.log.description')}>
      {log.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('account.log.loadFailed')}
        </p>
      )}
      {log.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('account.log.empty')}</p>}
      {log.data && log.data.length > 0 && (
        <Table aria-labelledby="account-log">
          <TableHeader>
            <TableRow>
              <TableHead>{t('account.log.columns.event')}</TableHead>
              <TableHead>{t('account.log.columns.when')}</TableHead>
              <TableHead>{t('account.log.columns.from')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.data.map((event) => (
              <TableRow key={event.id}>
                <TableCell className="font-medium">{t(`account.log.kinds.${event.kind}`)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(event.at, i18n.language)}</TableCell>
                <TableCell className="text-muted-foreground">{event.address ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AccountSection>
  );
}
