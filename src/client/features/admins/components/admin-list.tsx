import { BanIcon, RefreshCwIcon, ShieldOffIcon, UserCheckIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { AdminAccount } from '#shared/replies/admins.ts';
import { type AdminChange, useAdmins, useChangeAdmin } from '../api/admins.ts';

function AdminActions({ admin, isSelf }: { admin: AdminAccount; isSelf: boolean }) {
  const { t } = useTranslation('account');
  const changeAdmin = useChangeAdmin();
  if (isSelf) return null;

  async function run(change: AdminChange) {
    try {
      await changeAdmin.mutateAsync({ id: admin.id, change });
      const key = {
        disable: 'admins.disabledToast',
        enable: 'admins.enabledToast',
        'reset-two-factor': 'admins.resetToast',
      } as const;
      toast({ title: t(key[change], { username: admin.username }) });
    } catch (error) {
      toastFailure(error, { title: t('admins.actionFailed') });
    }
  }

  const busy = changeAdmin.isPending;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {admin.twoFactorEnabled && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void run('reset-two-factor')}
          aria-label={t('admins.resetTwoFactorNamed', { username: admin.username })}
        >
          <ShieldOffIcon aria-hidden="true" />
          {t('admins.resetTwoFactor')}
        </Button>
      )}
      {admin.isDisabled ? (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void run('enable')}
          aria-label={t('admins.enableNamed', { username: admin.username })}
        >
          <UserCheckIcon aria-hidden="true" />
          {t('admins.enable')}
        </Button>
      ) : (
        <Button
          variant="danger"
          size="sm"
          disabled={busy}
          onClick={() => void run('disable')}
          aria-label={t('admins.disableNamed', { username: admin.username })}
        >
          <BanIcon aria-hidden="true" />
          {t('admins.disable')}
        </Button>
      )}
    </div>
  );
}

/** Every admin with role, state, two-factor and last sign-in; an owner's actions on the others (decision 021). */
export function AdminList({ currentUsername }: { currentUsername: string | null }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const admins = useAdmins();
  if (admins.isPending) {
    return (
      <p role="status" className="p-6 text-sm text-muted-foreground">
        {tc('common.loading')}
      </p>
    );
  }
  if (admins.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 p-6 text-sm text-destructive">
        {t('admins.loadFailed')}
        <Button variant="outline" size="sm" onClick={() => void admins.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t('admins.retry')}
        </Button>
      </div>
    );
  }
  return (
    <Table aria-label={t('admins.heading')}>
      <TableHeader>
        <TableRow>
          <TableHead className="ps-6">{t('admins.columns.username')}</TableHead>
          <TableHead>{t('admins.columns.role')}</TableHead>
          <TableHead>{t('admins.columns.status')}</TableHead>
          <TableHead>{t('admins.columns.twoFactor')}</TableHead>
          <TableHead>{t('admins.columns.lastSignIn')}</TableHead>
          <TableHead align="end" className="pe-6">
            {t('admins.columns.actions')}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {admins.data.map((admin) => {
          const isSelf = admin.username === currentUsername;
          return (
            <TableRow key={admin.id}>
              <th scope="row" className="px-4 py-3 ps-6 text-start font-medium break-words">
                {admin.username}
                {isSelf && <span className="ms-1 font-normal text-muted-foreground">({t('admins.you')})</span>}
              </th>
              <TableCell>{t(`account.roles.${admin.role}`)}</TableCell>
              <TableCell>{admin.isDisabled ? t('admins.disabled') : t('admins.active')}</TableCell>
              <TableCell>{admin.twoFactorEnabled ? t('account.twoFactor.on') : t('account.twoFactor.off')}</TableCell>
              <TableCell className="whitespace-nowrap">
                {admin.lastSignInAt ? formatDateTime(admin.lastSignInAt, i18n.language) : t('admins.never')}
              </TableCell>
              <TableCell className="pe-6">
                <AdminActions admin={admin} isSelf={isSelf} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
