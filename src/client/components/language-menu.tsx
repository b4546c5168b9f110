import { lazy, Suspense, useState } from 'react';
import { LanguageMenuTrigger } from './language-menu-trigger.tsx';

// The menu machinery (Radix menu, popper, focus handling) is about a sixth of the landing page's script, and
// nobody needs it for the first paint: it loads right after, behind an identical button, so nothing moves.
// If that chunk cannot be fetched (offline, a deploy in between), the button stays as it is rather than the
// failure taking the page down with it.
const LanguageMenuDropdown = lazy(() =>
  import('./language-menu-dropdown.tsx').then(
    (module) => ({ default: module.LanguageMenuDropdown }),
    (error: unknown) => {
      console.error('Language menu failed to load', error);
      return {
        default: ({ className }: { className?: string | undefined }) => <LanguageMenuTrigger className={className} />,
      };
    },
  ),
);

/** The language picker of spec §1, for page headers. */
export function LanguageMenu({ className }: { className?: string }) {
  // A click that lands before the menu's chunk has arrived is kept, and the menu opens as soon as it has.
  const [openEarly, setOpenEarly] = useState(false);
  return (
    <Suspense
      fallback={
        <LanguageMenuTrigger
          className={className}
          aria-haspopup="menu"
          aria-busy={openEarly || undefined}
          onClick={() => setOpenEarly(true)}
        />
      }
    >
      <LanguageMenuDropdown className={className} defaultOpen={openEarly} />
    </Suspense>
  );
}
