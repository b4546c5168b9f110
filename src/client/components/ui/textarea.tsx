import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';
import { FIELD_CLASSES, FIELD_TEXT } from './input.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea data-slot="textarea" className={cn(FIELD_CLASSES, FIELD_TEXT, 'min-h-24 py-2', className)} {...props} />
  );
}
