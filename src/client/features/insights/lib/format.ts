/** A share as a whole percent in the admin's language ("25 %", "25%"); a dash when there is nothing to divide. */
export function formatShare(language: string | undefined, part: number, whole: number): string {
  if (whole <= 0) return '–';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(part / whole);
}

/**
 * A duration in the unit that reads best: seconds under two minutes, minutes under two hours, hours under two
 * days, days beyond.
 */
export function formatDuration(language: string | undefined, seconds: number): string {
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 2 * 3600
        ? [seconds / 60, 'minute']
        : seconds < 2 * 86_400
          ? [seconds / 3600, 'hour']
          : [seconds / 86_400, 'day'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
