import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A thumbnail that falls back to an icon when the browser cannot show the file (e.g. a HEIC photo). */
export function ImagePreview({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <div className={cn('flex items-center justify-center overflow-hidden bg-muted', className)}>
      {src && failedSrc !== src ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <ImageIcon className="size-7 text-muted-foreground" role="img" aria-label={alt} />
      )}
    </div>
  );
}
