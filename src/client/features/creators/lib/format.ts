/** Product §2: the created date, or a dash when there is none (or it cannot be read). */
export function formatDate(iso: string | null | undefined, locale: string | undefined): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
