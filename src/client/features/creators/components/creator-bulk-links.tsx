import { CopyIcon, DownloadIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { neutraliseFormulas } from '#shared/csv.ts';
import type { BulkStage2Link } from '#shared/replies/creators.ts';
import { bulkLinksCsv } from '../lib/bulk-links-csv.ts';
import { contactMethodText } from '../lib/creator-fields.ts';

/** The file a browser saves from text made here. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next turn, once the browser has started saving it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The links a bulk Send Stage 2 made, which exist only in this reply: each creator with her link to copy, all
 * of them to copy at once, and a CSV of name, Creator ID, contact, link and expiry.
 */
export function CreatorBulkLinks({ links }: { links: readonly BulkStage2Link[] }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const origin = window.location.origin;
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = (link: BulkStage2Link) => link.name ?? link.creatorId;

  async function copy(text: string) {
    if (await copyText(text)) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }

  // Columns a spreadsheet takes as they are pasted: a name that starts a formula is marked as text, as in the CSV.
  function copyAll() {
    const rows = links.map((link) => `${neutraliseFormulas(nameOf(link))}\t${link.creatorId}\t${origin}${link.link}`);
    return copy(rows.join('\n'));
  }

  function downloadCsv() {
    const csv = bulkLinksCsv(links, {
      headers: {
        name: t('columns.name'),
        creatorId: t('columns.creatorId'),
        contact: t('columns.contact'),
        link: t('bulk.csvLink'),
        expires: t('bulk.csvExpires'),
      },
      contactMethod: (method) => contactMethodText(tc, method),
      date: (iso) => dateFormat.format(new Date(iso)),
      origin,
    });
    download(csv, `stage2-links-${new Date().toISOString().slice(0, 10)}.csv`);
  }

  return (
    <section className="grid gap-3 rounded-lg border bg-muted/40 p-3 text-sm" aria-labelledby="bulk-links-heading">
      <h3 id="bulk-links-heading" className="font-medium">
        {t('bulk.linksList')}
      </h3>
      <p>{t('bulk.linksHint')}</p>
      <ul className="grid max-h-64 gap-2 overflow-y-auto" aria-labelledby="bulk-links-heading">
        {links.map((link) => (
          <li key={link.creatorId} className="flex items-start gap-2 rounded-md border bg-card px-2 py-1.5">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-medium [overflow-wrap:anywhere]">
                {nameOf(link)} <span className="font-mono text-xs text-muted-foreground">{link.creatorId}</span>
              </span>
              {link.contactMethod && (
                <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {contactMethodText(tc, link.contactMethod)}: {link.contactInfo}
                </span>
              )}
              <span className="break-all font-mono text-xs">{`${origin}${link.link}`}</span>
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('bulk.copyLink', { name: nameOf(link) })}
              title={t('bulk.copyLink', { name: nameOf(link) })}
              onClick={() => void copy(`${origin}${link.link}`)}
            >
              <CopyIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyAll()}>
          <CopyIcon aria-hidden="true" />
          {t('bulk.copyLinks')}
        </Button>
        <Button variant="outline" size="sm" onClick={downloadCsv}>
          <DownloadIcon aria-hidden="true" />
          {t('bulk.downloadLinks')}
        </Button>
      </div>
    </section>
  );
}
