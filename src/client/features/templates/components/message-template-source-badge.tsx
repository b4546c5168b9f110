import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { TEMPLATE_SOURCES } from '#shared/replies/message-templates.ts';

type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

const TONES = {
  default: 'bg-muted text-muted-foreground ring-border',
  custom: 'bg-secondary text-secondary-foreground ring-primary/30',
  english: 'bg-amber-100 text-amber-900 ring-amber-600/30',
} as const satisfies Record<TemplateSource, string>;

/** Where a template's text comes from: shipped, the owners' own, or English in place of a removed translation. */
export function TemplateSourceBadge({ source, className }: { source: TemplateSource; className?: string }) {
  const { t } = useTranslation('templates');
  return (
    <span
      data-source={source}
      className={cn(
        'inline-flex max-w-full rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset break-words',
        TONES[source],
        className,
      )}
    >
      {t(`sources.${source}`)}
    </span>
  );
}
