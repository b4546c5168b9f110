/** One choice of a combobox: the value it stands for, the text shown, and other names it may be found by. */
export interface ComboboxOption {
  value: string;
  label: string;
  /** Other names that find it too (a country's English name beside the one in the interface language). */
  keywords?: readonly string[] | undefined;
}

/** Text as it is compared: accents and case left out, in the language's own case rules ("İ" in Turkish, "ё"). */
export function foldText(text: string, locale?: string): string {
  // Lower case first: the Turkish capital İ lowers to i only while its dot is still there.
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a name's words begin: after a space, a hyphen, a bracket, an apostrophe or a dot. */
const WORD_START = /[\s\-–(/'’.,&]+/;

/**
 * How well a name matches what was typed: 0 it starts with it, 1 one of its words does, 2 it is somewhere
 * inside, or undefined for no match.
 */
function rankOf(name: string, query: string): number | undefined {
  if (name.startsWith(query)) return 0;
  if (name.split(WORD_START).some((word) => word.startsWith(query))) return 1;
  return name.includes(query) ? 2 : undefined;
}

/**
 * The options whose label or other names hold what was typed, accent- and case-insensitively, the best matches
 * first (a name that starts with it, then a word that does, then the rest) and otherwise in the given order.
 * Nothing typed leaves every option.
 */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], typed: string, locale?: string): T[] {
  const query = foldText(typed, locale);
  if (query === '') return [...options];
  const ranked: { option: T; rank: number; index: number }[] = [];
  options.forEach((option, index) => {
    let best: number | undefined;
    for (const name of [option.label, ...(option.keywords ?? [])]) {
      const rank = rankOf(foldText(name, locale), query);
      if (rank !== undefined && (best === undefined || rank < best)) best = rank;
    }
    if (best !== undefined) ranked.push({ option, rank: best, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((entry) => entry.option);
}

/** The option whose label or other name is exactly what was typed (accents and case aside), if one is. */
export function exactOption<T extends ComboboxOption>(
  options: readonly T[],
  typed: string,
  locale?: string,
): T | undefined {
  const query = foldText(typed, locale);
  if (query === '') return undefined;
  return options.find((option) =>
    [option.label, ...(option.keywords ?? [])].some((name) => foldText(name, locale) === query),
  );
}
