import { ChevronDownIcon } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { languageOf } from '#shared/languages.ts';
import { LanguageFlag } from './language-flag.tsx';

/**
 * The language menu's button: current flag and name, English when the active language is not in the list
 * (product §1). Its accessible name says what it is for, e.g. "Language: English".
 */
export function LanguageMenuTrigger({ className, ...props }: ButtonProps) {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n.resolvedLanguage);
  return (
    <Button
      variant="outline"
      size="pill"
      aria-label={t('language.trigger', { language: current.name })}
      className={cn('data-[state=open]:bg-muted', className)}
      {...props}
    >
      <LanguageFlag code={current.code} />
      <span lang={current.code}>{current.name}</span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </Button>
  );
}
