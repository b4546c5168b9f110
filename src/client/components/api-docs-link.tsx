import { BookOpenIcon, ExternalLinkIcon } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** Where the server serves the API reference to signed-in admins (server/plugins/api-docs.ts). */
export const API_DOCS_PATH = '/api/docs';

/** The API reference, in a tab of its own beside the admin. */
export function ApiDocsLink() {
  const { t } = useTranslation('admin');
  return (
    <a
      href={API_DOCS_PATH}
      target="_blank"
      rel="noopener"
      className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
    >
      <BookOpenIcon aria-hidden="true" />
      {t('nav.apiDocs')}
      <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{t('nav.opensInNewTab')}</span>
    </a>
  );
}
