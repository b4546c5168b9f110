/** Every class named in the markup's class attributes. */
export function classesIn(html: string): Set<string>;
/** The class names a selector requires, unescaped. */
export function classesOfSelector(selector: string): string[];
/** The stylesheet cut down to what the markup can use. */
export function criticalCss(css: string, html: string): string;
