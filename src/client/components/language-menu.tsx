import { lazy, Suspense, useState } from 'react';
import { LanguageMenuTrigger } from './language-menu-trigger.tsx';

// The menu machinery (Radix menu, popper, focus handling) is a large part of a page's script, and nobody needs
// it to see the page: its code is fetched when the visitor reaches for the button (hover, focus), and the
// working menu takes the button's place, already open, on the first click. If that chunk cannot be fetched
// (offline, a deploy in between), the button stays as it is rather than the failure taking the page down.
const loadDropdown = () =>
  import('./language-menu-dropdown.tsx').then(
    (module) => ({ default: module.LanguageMenuDropdown }),
    (error: unknown) => {
      console.error('Language menu failed to load', error);
      return {
        default: ({ className }: { className?: string | undefined }) => <LanguageMenuTrigger className={className} />,
      };
    },
  );
const LanguageMenuDropdown = lazy(loadDropdown);

/** The language picker of product §1, for page headers. */
export function LanguageMenu({ className }: { className?: string }) {
  const [isWanted, setIsWanted] = useState(false);
  const placeholder = (
    <LanguageMenuTrigger
      className={className}
      aria-haspopup="menu"
      aria-busy={isWanted || undefined}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setIsWanted(true)}
    />
  );
  if (!isWanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenuDropdown className={className} defaultOpen />
    </Suspense>
  );
}
