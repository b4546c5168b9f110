import { CopyIcon, DownloadIcon, QrCodeIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';

type LinkModule = typeof import('../lib/recruiter-link.ts');

/** The QR encoder is fetched the first time a link is shown, not with the recruiters screen. */
let linkModule: Promise<LinkModule> | undefined;
const loadLinkModule = () => {
  linkModule ??= import('../lib/recruiter-link.ts');
  return linkModule;
};

/** A button that opens the recruiter's link dialog (decision 026: personal link, copy button, QR code). */
export function RecruiterLinkButton({ recruiter }: { recruiter: AdminRecruiter }) {
  const { t } = useTranslation('recruiters');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setIsOpen(true)}
        onPointerEnter={() => void loadLinkModule()}
        aria-label={t('link.openNamed', { name: recruiter.name })}
      >
        <QrCodeIcon aria-hidden="true" />
        {t('link.open')}
      </Button>
      {isOpen && <RecruiterLinkDialog recruiter={recruiter} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function RecruiterLinkDialog({ recruiter, onClose }: { recruiter: AdminRecruiter; onClose: () => void }) {
  const { t } = useTranslation('recruiters');
  const id = useId();
  const [code, setCode] = useState<{ link: string; size: number; path: string; svg: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void loadLinkModule().then(({ recruiterLink, qrCodeOf }) => {
      const link = recruiterLink(window.location.origin, recruiter.id);
      if (isCurrent) setCode({ link, ...qrCodeOf(link) });
    });
    return () => {
      isCurrent = false;
    };
  }, [recruiter.id]);

  async function copy() {
    if (!code) return;
    if (await copyText(code.link)) {
      toast({ title: t('link.copiedTitle'), description: t('link.copied') });
    } else {
      document.getElementById(`${id}-link`)?.focus();
      toast({ variant: 'destructive', title: t('link.copyFailed') });
    }
  }

  /** Saves a file named after the recruiter, as a download. */
  function save(file: Blob, extension: 'svg' | 'png') {
    const url = URL.createObjectURL(file);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `application-link-${recruiter.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.${extension}`;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  function downloadSvg() {
    if (code) save(new Blob([code.svg], { type: 'image/svg+xml' }), 'svg');
  }

  async function downloadPng() {
    if (!code) return;
    try {
      const { qrPngOf } = await loadLinkModule();
      save(await qrPngOf(code.link), 'png');
    } catch {
      toast({ variant: 'destructive', title: t('link.pngFailed') });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('link.title', { name: recruiter.name })}</DialogTitle>
          <DialogDescription>{t('link.description', { name: recruiter.name })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-link`}>{t('link.label')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id={`${id}-link`} readOnly isCode value={code?.link ?? ''} onFocus={(e) => e.target.select()} />
            <Button onClick={() => void copy()} disabled={!code}>
              <CopyIcon aria-hidden="true" />
              {t('link.copy')}
            </Button>
          </div>
        </div>
        <div className="flex justify-center">
          {code ? (
            <svg
              role="img"
              aria-label={t('link.qrLabel', { name: recruiter.name })}
              viewBox={`0 0 ${code.size} ${code.size}`}
              shapeRendering="crispEdges"
              className="size-56 rounded-md border bg-white"
            >
              <path d={code.path} fill="#000" />
            </svg>
          ) : (
            <div className="size-56 animate-pulse rounded-md bg-muted" aria-hidden="true" />
          )}
        </div>
        {/* One above the other: side by side, the two labels are wider than the dialog in German or Russian. */}
        <div className="grid gap-2">
          <Button variant="outline" onClick={() => void downloadPng()} disabled={!code}>
            <DownloadIcon aria-hidden="true" />
            {t('link.downloadPng')}
          </Button>
          <Button variant="outline" onClick={downloadSvg} disabled={!code}>
            <DownloadIcon aria-hidden="true" />
            {t('link.download')}
          </Button>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('link.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
