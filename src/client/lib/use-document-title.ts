import { useEffect } from 'react';
import { BRAND_NAME } from './brand.ts';
import { useTranslation } from './i18n.ts';

/**
 * The tab's title while a screen is shown: the screen's name, then the site's ("Recruiters · Rollick Agency
 * Network"), in the interface language. Screen readers announce it on every page change; a page rendered
 * ahead of time arrives with it already.
 */
export function useDocumentTitle(screen: string | null, options: { isSiteTitle?: boolean } = {}) {
  const { t } = useTranslation();
  const site = `${BRAND_NAME} ${t('brand.agencyNetwork')}`;
  const title = screen === null ? null : options.isSiteTitle ? screen : `${screen} · ${site}`;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
