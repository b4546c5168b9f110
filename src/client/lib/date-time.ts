/** A moment as the interface language writes a date and time ('27 Nov 2026, 14:05'); nothing for none. */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
