import { ListFilterIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useAdminRecruiters } from '#client/lib/admin-recruiters.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { LANGUAGES } from '#shared/options.ts';
import { DUPLICATES_ONLY, type ListFilters } from '#shared/schemas/list-filters.ts';

/** Radix's select takes no empty value: "any" travels as this word and leaves the address without the filter. */
const ANY = 'any';

/** The filters this dialog sets; the assignee and the tag have their own selects beside the search. */
const DIALOG_FILTERS = ['recruiterId', 'language', 'duplicates', 'from', 'to'] as const;
type DialogFilter = (typeof DIALOG_FILTERS)[number];
type DialogValues = Pick<ListFilters, DialogFilter>;

const pickDialogFilters = (filters: ListFilters): DialogValues =>
  Object.fromEntries(DIALOG_FILTERS.flatMap((name) => (filters[name] ? [[name, filters[name]]] : [])));

function useLanguageName() {
  const { t: tc } = useTranslation();
  return (language: string) =>
    tc(`application.options.language.${language.toLowerCase()}` as 'application.options.language.english');
}

/** A YYYY-MM-DD day as the admin's language writes it; the day is the server's UTC day. */
function useDayName() {
  const { i18n } = useTranslation('admin');
  return (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00Z`));
}

interface FilterProps {
  value: ListFilters;
  /** The whole new set; the caller writes it into the address. */
  onChange: (next: ListFilters) => void;
}

/**
 * "Filters" (decision 063): recruiter, language, possible duplicates and application dates, chosen together in
 * a dialog and applied at once. The button says how many are on.
 */
export function CreatorFiltersButton({ value, onChange }: FilterProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const active = DIALOG_FILTERS.filter((name) => value[name]).length;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <ListFilterIcon aria-hidden="true" />
        {active > 0 ? t('filters.buttonActive', { count: active }) : t('filters.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open && (
            <FiltersForm
              initial={pickDialogFilters(value)}
              onApply={(chosen) => {
                const kept: ListFilters = { ...value };
                for (const name of DIALOG_FILTERS) delete kept[name];
                onChange({ ...kept, ...chosen });
                setOpen(false);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function FiltersForm({ initial, onApply }: { initial: DialogValues; onApply: (chosen: DialogValues) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const languageName = useLanguageName();
  const recruiters = useAdminRecruiters();
  const [chosen, setChosen] = useState<DialogValues>(initial);
  const [rangeError, setRangeError] = useState(false);
  const set = (name: DialogFilter, next: string | undefined) => {
    setRangeError(false);
    setChosen((current) => {
      const copy: Record<string, string> = { ...current };
      if (next) copy[name] = next;
      else delete copy[name];
      return copy as DialogValues;
    });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.from && chosen.to && chosen.from > chosen.to) {
      setRangeError(true);
      return;
    }
    onApply(chosen);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t('filters.title')}</DialogTitle>
        <DialogDescription>{t('filters.description')}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-recruiter`}>{t('filters.recruiter')}</Label>
          <Select
            value={chosen.recruiterId ?? ANY}
            onValueChange={(next) => set('recruiterId', next === ANY ? undefined : next)}
          >
            <SelectTrigger id={`${id}-recruiter`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('filters.anyRecruiter')}</SelectItem>
              {(recruiters.data ?? []).map((recruiter) => (
                <SelectItem key={recruiter.id} value={recruiter.id}>
                  {recruiter.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-language`}>{t('filters.language')}</Label>
          <Select
            value={chosen.language ?? ANY}
            onValueChange={(next) => set('language', next === ANY ? undefined : next)}
          >
            <SelectTrigger id={`${id}-language`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('filters.anyLanguage')}</SelectItem>
              {LANGUAGES.map((language) => (
                <SelectItem key={language} value={language}>
                  {languageName(language)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={chosen.from ?? ''}
            max={chosen.to}
            onChange={(event) => set('from', event.target.value || undefined)}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={chosen.to ?? ''}
            min={chosen.from}
            aria-invalid={rangeError || undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(event) => set('to', event.target.value || undefined)}
          />
          {rangeError && (
            <p id={`${id}-range`} role="alert" className="text-sm text-destructive">
              {t('filters.rangeError')}
            </p>
          )}
        </div>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-duplicates`}
          checked={chosen.duplicates === DUPLICATES_ONLY}
          onCheckedChange={(checked) => set('duplicates', checked === true ? DUPLICATES_ONLY : undefined)}
        />
        <Label htmlFor={`${id}-duplicates`} className="font-normal leading-snug">
          {t('filters.duplicates')}
        </Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={() => setChosen({})}>
          {t('filters.clearForm')}
        </Button>
        <DialogClose asChild>
          <Button variant="outline">{t('filters.close')}</Button>
        </DialogClose>
        <Button type="submit">{t('filters.apply')}</Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The filters on, each a pill that takes itself off, and one button to take off every list filter. Nothing
 * shows while no filter is on.
 */
export function CreatorFilterChips({ value, onChange }: FilterProps) {
  const { t } = useTranslation('admin');
  const languageName = useLanguageName();
  const dayName = useDayName();
  const recruiters = useAdminRecruiters({ enabled: Boolean(value.recruiterId) });
  const recruiterName =
    recruiters.data?.find((recruiter) => recruiter.id === value.recruiterId)?.name ?? t('filters.aRecruiter');
  const labels: Record<DialogFilter, string | undefined> = {
    recruiterId: value.recruiterId && t('filters.chipRecruiter', { name: recruiterName }),
    language: value.language && languageName(value.language),
    duplicates: value.duplicates && t('filters.chipDuplicates'),
    from: value.from && t('filters.chipFrom', { day: dayName(value.from) }),
    to: value.to && t('filters.chipTo', { day: dayName(value.to) }),
  };
  const on = DIALOG_FILTERS.filter((name) => labels[name]);
  const anyOn = on.length > 0 || value.assignee !== undefined || value.tag !== undefined;
  if (!anyOn) return null;
  return (
    <ul aria-label={t('filters.onLabel')} className="flex flex-wrap items-center gap-2">
      {on.map((name) => (
        <li key={name} className="min-w-0">
          <span className="inline-flex max-w-full items-center gap-1 rounded-full border bg-muted/60 py-0.5 pr-1 pl-3 text-sm">
            <span className="truncate">{labels[name]}</span>
            <button
              type="button"
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={t('filters.remove', { filter: labels[name] })}
              onClick={() => {
                const next = { ...value };
                delete next[name];
                onChange(next);
              }}
            >
              <XIcon className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
      <li>
        <Button variant="link" size="sm" className="h-auto px-1" onClick={() => onChange({})}>
          {t('filters.clearAll')}
        </Button>
      </li>
    </ul>
  );
}
