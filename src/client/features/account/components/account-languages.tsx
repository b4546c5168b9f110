import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverReason, useMessageText } from '#client/lib/messages.ts';
import { LANGUAGES } from '#shared/options.ts';
import { useChangeLanguages } from '../api/change-account.ts';
import { AccountSection } from './account-section.tsx';

/**
 * The applicants' languages this admin works in (decision 063): the team sees them when assigning, and
 * `ASSIGN_NEW=round-robin` hands this admin new applications in them.
 */
export function AccountLanguages({ languages }: { languages: readonly string[] }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const say = useMessageText();
  const change = useChangeLanguages();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(languages));

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      // In the form's order, whatever order they were ticked in.
      await change.mutateAsync(LANGUAGES.filter((language) => chosen.has(language)));
      showToast({ title: t('languages.saved') });
    } catch (error) {
      showToast({ title: t('languages.failed'), description: say(serverReason(error)), variant: 'destructive' });
    }
  }

  function toggle(language: string, isOn: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (isOn) next.add(language);
      else next.delete(language);
      return next;
    });
  }

  return (
    <AccountSection id="account-languages" heading={t('languages.heading')} description={t('languages.description')}>
      <form onSubmit={save} className="grid gap-4">
        <fieldset className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
          <legend className="sr-only">{t('languages.heading')}</legend>
          {LANGUAGES.map((language) => (
            <div key={language} className="flex items-center gap-2">
              <Checkbox
                id={`works-in-${language}`}
                checked={chosen.has(language)}
                onCheckedChange={(state) => toggle(language, state === true)}
              />
              <Label htmlFor={`works-in-${language}`} className="font-normal">
                {tc(`application.options.language.${language.toLowerCase()}` as 'application.options.language.english')}
              </Label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" size="sm" className="w-fit" disabled={change.isPending}>
          {change.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t('languages.save')}
        </Button>
      </form>
    </AccountSection>
  );
}
