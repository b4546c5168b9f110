import { LinkIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

export interface LinkNoticeProps {
  /** A link that cannot work shows a link; any other failure a warning. */
  isLinkProblem: boolean;
  title: string;
  description: string;
  /** With it, a button that tries the load again. */
  retry?: { label: string; onRetry: () => void } | undefined;
  className?: string;
}

/** Why a page opened from a private link cannot be shown, and what to do about it (stage 2, her own page). */
export function LinkNotice({ isLinkProblem, title, description, retry, className }: LinkNoticeProps) {
  const Icon = isLinkProblem ? LinkIcon : TriangleAlertIcon;
  return (
    <div role="alert" className={cn('flex flex-col items-center text-center', className)}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{description}</p>
      {retry && (
        <Button className="mt-8" onClick={retry.onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          {retry.label}
        </Button>
      )}
    </div>
  );
}
