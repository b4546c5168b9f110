import type { Page } from 'playwright-core';

/**
 * Elements a reader would see cut off: a control or text clipped by its own box (content wider than a box
 * whose overflow is hidden), or an element whose right edge lies past the window. Content inside a box that
 * scrolls sideways on purpose is left alone, but such a box must say that it scrolls (`data-scroll-hint`, an
 * accessible name and a visible hint, components/ui/table.tsx) and, from `noScrollFrom` px wide up, must not
 * scroll at all: tables fit a laptop. Answers one line per problem, naming the element by its text.
 */
export async function overflowProblems(page: Page, screen: string, { noScrollFrom = 1280 } = {}): Promise<string[]> {
  // The test's compiler may name the helpers below through a `__name` it defines in Node, not in the page.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  const found = await page.evaluate((noScrollAt) => {
    const problems: string[] = [];
    const windowWidth = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const label = element.getAttribute('aria-label');
      const classes = typeof element.className === 'string' ? element.className.split(' ').slice(0, 3).join('.') : '';
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label ?? text}"`;
    };
    /** Hidden from sight on purpose: screen-reader-only text, closed parts, the toast area's own sheet. */
    const isOutOfSight = (element: Element, style: CSSStyleDeclaration, rect: DOMRect) =>
      style.display === 'none' ||
      style.visibility === 'hidden' ||
      rect.width <= 1 ||
      rect.height <= 1 ||
      style.clip === 'rect(0px, 0px, 0px, 0px)' ||
      style.clipPath === 'inset(50%)' ||
      element.closest('[data-sonner-toaster], .sr-only, [aria-hidden="true"] svg') !== null;
    const scrollsSideways = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';

    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (isOutOfSight(element, style, rect)) continue;
      const overflows = element.scrollWidth > element.clientWidth + 1;

      if (scrollsSideways(style) && overflows) {
        const isTable = element.querySelector('table') !== null;
        if (!isTable) continue; // a code block, a long link field: they scroll by design
        if (windowWidth >= noScrollAt) {
          problems.push(
            `${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`,
          );
        } else if (
          !element.hasAttribute('data-scroll-hint') ||
          !(element.getAttribute('aria-label') || element.getAttribute('aria-labelledby'))
        ) {
          problems.push(`${describe(element)} scrolls sideways without a visible hint and a name`);
        }
        continue;
      }
      let scroller = element.parentElement;
      while (
        scroller &&
        !(scrollsSideways(getComputedStyle(scroller)) && scroller.scrollWidth > scroller.clientWidth + 1)
      )
        scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;

      // A field scrolls its own long value (a link to copy), as every text field does.
      const isField = element.matches('input, textarea, select');
      if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && overflows && !isField) {
        // Text cut with an ellipsis is fine when its full value is there to read (a title, an accessible name).
        const isTruncated = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        const fullValueShown = element.closest('[title]') !== null || element.closest('[aria-label]') !== null;
        if (!(isTruncated && fullValueShown)) {
          // Named by the innermost element that sticks out, which is what to fix.
          const outside = Array.from(element.querySelectorAll('*')).filter(
            (inner) => inner.getBoundingClientRect().right > rect.right + 1,
          );
          const culprit = outside.find((inner) => !inner.querySelector('*')) ?? outside.at(-1);
          problems.push(
            `${describe(element)} clips its content (${element.scrollWidth} px in ${element.clientWidth} px)` +
              (culprit ? `: ${describe(culprit)} sticks out` : ''),
          );
        }
      }
      if (rect.right > windowWidth + 1 && style.position !== 'fixed') {
        problems.push(`${describe(element)} ends at ${Math.round(rect.right)} px, past the ${windowWidth} px window`);
      }
    }
    return problems;
  }, noScrollFrom);
  // One line per distinct problem: a hundred rows cut the same way say it once.
  return [...new Set(found)].slice(0, 20).map((problem) => `${screen}: ${problem}`);
}
