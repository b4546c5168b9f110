import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';
import type { Creator } from '#shared/replies/creators.ts';

/** Her initials, for a card without a photo (or one the browser cannot show). */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * The verification photo as a small round thumbnail beside her name; her initials when she sent none. Loaded
 * only when scrolled into view: a board shows hundreds of cards. Decorative, as her name is written beside it.
 */
export function CreatorPhotoThumb({
  creator,
  className,
}: {
  creator: Pick<Creator, 'name' | 'confirmationPhotoUrl'>;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = creator.confirmationPhotoUrl;
  return (
    <span
      aria-hidden="true"
      data-slot="photo-thumb"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-sm font-semibold text-muted-foreground',
        className,
      )}
    >
      {url && failedUrl !== url ? (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          className="size-full object-cover"
          onError={() => setFailedUrl(url)}
        />
      ) : (
        initialsOf(creator.name)
      )}
    </span>
  );
}
