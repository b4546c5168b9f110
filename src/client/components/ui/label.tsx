import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

const BASE = 'flex select-none items-center peer-disabled:cursor-not-allowed peer-disabled:opacity-50';
/** The usual label text. A caller that styles its label gives its own spacing and type instead (not merged). */
export const LABEL_TEXT = 'gap-2 text-sm font-medium leading-none';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root data-slot="label" className={cn(BASE, className ?? LABEL_TEXT)} {...props} />;
}
