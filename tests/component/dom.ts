/**
 * What jsdom lacks and the Radix primitives or sonner call: pointer capture and scrolling into view (menus),
 * element sizes (dialogs, toasts) and media queries. Each is the browser's inert answer.
 */
export function fillDomGaps(): void {
  const element = window.HTMLElement.prototype;
  element.hasPointerCapture ??= () => false;
  element.setPointerCapture ??= () => {};
  element.releasePointerCapture ??= () => {};
  element.scrollIntoView ??= () => {};
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
