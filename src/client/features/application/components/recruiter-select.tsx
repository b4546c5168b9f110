import { RefreshCwIcon } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useRecruiters } from '../api/get-recruiters.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { FormField } from './form-field.tsx';

/** Product §2 step 5: the recruiter, by name (the API stores the name as submitted). */
export function RecruiterSelect({ isDisabled }: { isDisabled: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ApplicationFormValues>();
  const recruiters = useRecruiters();
  // Names are what is sent, so two recruiters with one name are one choice.
  const names = [...new Set((recruiters.data ?? []).map((recruiter) => recruiter.name))];

  let placeholder = t('application.fields.recruiterPlaceholder');
  if (recruiters.isPending) placeholder = t('application.fields.recruiterLoading');
  else if (recruiters.isError) placeholder = t('application.fields.recruiterLoadFailed');
  else if (names.length === 0) placeholder = t('application.fields.recruiterNone');

  return (
    <FormField name="recruiter" label={t('application.fields.recruiter')} isRequired>
      {(controlProps) => (
        <>
          <Controller
            control={control}
            name="recruiter"
            render={({ field }) => (
              <Select
                value={names.includes(field.value) ? field.value : ''}
                disabled={isDisabled || names.length === 0}
                onValueChange={(value) => {
                  if (value !== '') field.onChange(value);
                }}
                onOpenChange={(isOpen) => {
                  if (!isOpen) field.onBlur();
                }}
              >
                <SelectTrigger ref={field.ref} {...controlProps} aria-busy={recruiters.isFetching || undefined}>
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
                <SelectContent>
                  {names.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {recruiters.isError && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void recruiters.refetch()}
              disabled={recruiters.isFetching}
            >
              <RefreshCwIcon aria-hidden="true" />
              {t('application.fields.recruiterRetry')}
            </Button>
          )}
        </>
      )}
    </FormField>
  );
}
