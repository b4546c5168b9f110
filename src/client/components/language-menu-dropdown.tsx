import { GlobeIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { changeLanguage, useTranslation } from '#client/lib/i18n.ts';
import { LANGUAGES, languageOf } from '#shared/languages.ts';
import { LanguageFlag } from './language-flag.tsx';
import { LanguageMenuTrigger } from './language-menu-trigger.tsx';

/**
 * The working menu (product §1): items are menuitemradio with the current one checked; choosing one switches the
 * language (i18n.ts then sets <html lang> and dir and caches the choice) and Radix closes the menu.
 */
export function LanguageMenuDropdown({
  className,
  defaultOpen = false,
}: {
  className?: string | undefined;
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n.resolvedLanguage);

  return (
    // Not modal: a scroll lock would hide the scrollbar and shift the page for a simple picker.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageMenuTrigger className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="flex items-center gap-1.5">
          <GlobeIcon className="size-3.5" aria-hidden="true" />
          {t('language.menuTitle')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current.code} onValueChange={(code) => changeLanguage(code)}>
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language.code} value={language.code} lang={language.code}>
              <LanguageFlag code={language.code} />
              {language.name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
