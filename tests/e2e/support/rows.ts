import type { Locator, Page } from 'playwright-core';

/**
 * Presses one of a row's action buttons: on the row, or in its "More actions" menu where the table has folded
 * it away (docs/decisions/037: a laptop, a long language, long names). `moreActions` is the start of the menu
 * button's name in the page's language.
 */
export async function pressRowAction(
  page: Page,
  row: Locator,
  name: string,
  { moreActions = 'More actions', exact = false }: { moreActions?: string; exact?: boolean } = {},
): Promise<void> {
  await row.waitFor();
  const button = row.getByRole('button', { name, exact }).filter({ visible: true });
  if ((await button.count()) > 0) {
    await button.first().click();
    return;
  }
  await row.getByRole('button', { name: moreActions }).filter({ visible: true }).first().click();
  await page.getByRole('menuitem', { name, exact }).first().click();
}
