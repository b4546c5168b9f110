import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CONTENT_TYPE_IDS } from '#shared/options.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { Stage2FormField } from './stage2-form-field.tsx';
import { CHOICE_BOX } from './stage2-layout.ts';

/** Product §3 content types: several may be chosen (architecture §4), kept in the list's order. */
export function ContentTypeField() {
  const { t } = useTranslation('stage2');
  const { control } = useFormContext<Stage2FormValues>();
  return (
    <Stage2FormField
      name="contentType"
      label={t('fields.contentType')}
      hint={t('fields.contentTypeHint')}
      labelKind="group"
    >
      {({ id, ...controlProps }, labelId) => (
        <Controller
          control={control}
          name="contentType"
          render={({ field }) => (
            <fieldset aria-labelledby={labelId} {...controlProps} className="grid gap-2 sm:grid-cols-2">
              {CONTENT_TYPE_IDS.map((type, index) => {
                const itemId = index === 0 ? id : `${id}-${type}`;
                const isChecked = field.value.includes(type);
                return (
                  <Label key={type} htmlFor={itemId} className={CHOICE_BOX}>
                    <Checkbox
                      id={itemId}
                      ref={index === 0 ? field.ref : undefined}
                      checked={isChecked}
                      onCheckedChange={(checked) => {
                        const chosen = new Set(field.value);
                        if (checked === true) chosen.add(type);
                        else chosen.delete(type);
                        field.onChange(CONTENT_TYPE_IDS.filter((item) => chosen.has(item)));
                      }}
                    />
                    {t(`contentTypes.${type}`)}
                  </Label>
                );
              })}
            </fieldset>
          )}
        />
      )}
    </Stage2FormField>
  );
}
