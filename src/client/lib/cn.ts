import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. It does not merge conflicting Tailwind classes (that library was a tenth of the landing
 * page's script): components keep each property in one place, variants and sizes never overlap, and callers
 * add placement and layout rather than restyle. ui-classes.test.ts checks the primitives for overlaps.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
