import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * What every button shares. Size, shape and spacing come from SIZES and colours from VARIANTS, never from
 * both: classes are joined, not merged, so two classes for one property would be decided by the stylesheet's
 * order rather than by the caller. Callers add layout (margins, width, position), not look.
 */
const BASE =
  'inline-flex shrink-0 items-center whitespace-nowrap font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background ' +
  'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 ' +
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const VARIANTS = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-input bg-card shadow-xs hover:bg-muted',
  /** Outline with a dashed border, for an empty slot ("Add Email"). */
  dashed:
    'border border-dashed border-input bg-card text-muted-foreground shadow-xs hover:bg-muted hover:text-foreground',
  ghost: 'hover:bg-muted',
  /** Ghost in muted text, for secondary controls (copy, edit, menu entries). */
  subtle: 'text-muted-foreground hover:bg-muted hover:text-foreground',
  /** Ghost in the destructive colour (Delete in a list). */
  danger: 'text-destructive hover:bg-destructive/10 hover:text-destructive',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  /** Light on a coloured section (the pitch's Apply Now). */
  inverse: 'bg-card text-primary shadow-lg hover:bg-card/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const SIZES = {
  default: 'h-10 justify-center gap-2 rounded-md px-4 text-sm',
  xs: 'h-8 justify-center gap-2 rounded-md px-3 text-sm',
  sm: 'h-9 justify-center gap-2 rounded-md px-3 text-sm',
  lg: 'h-12 justify-center gap-2 rounded-lg px-6 text-base',
  /** The landing page's calls to action. */
  cta: 'h-12 justify-center gap-2 rounded-lg px-7 text-base',
  /** A rounded chip (the language menu's button). */
  pill: 'h-9 justify-center gap-1.5 rounded-full ps-2.5 pe-2 text-sm',
  /** A full-width entry of a side menu. */
  menu: 'h-10 w-full justify-start gap-3 rounded-md px-3 text-sm',
  icon: 'size-10 justify-center rounded-md text-sm',
  'icon-sm': 'size-9 justify-center rounded-md text-sm',
  'icon-xs': 'size-8 justify-center rounded-md text-sm',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonVariantOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
}

/** The button look as a class string, for links and other elements that should look like a button. */
export function buttonVariants({
  variant = 'default',
  size = 'default',
  className,
}: ButtonVariantOptions = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

/** A link or other element that should look like a button takes buttonVariants() as its class. */
export interface ButtonProps extends ComponentProps<'button'>, ButtonVariantOptions {}

export function Button({ className, variant, size, ...props }: ButtonProps) {
  // type="button" unless stated: a plain button inside a form must not submit it by accident.
  return (
    <button
      data-slot="button"
      data-variant={variant ?? 'default'}
      className={buttonVariants({ variant, size, className })}
      {...props}
      type={props.type ?? 'button'}
    />
  );
}
