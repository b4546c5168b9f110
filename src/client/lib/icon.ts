import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/** How lucide describes an icon: its name, the size of its grid, and the shapes drawn on it. */
interface IconData {
  name: string;
  size?: number;
  aliases?: string[];
  node: [tag: string, attributes: Record<string, string>][];
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; children?: ReactNode };

/** Whether the caller gave the icon a name or role of its own; otherwise it is decoration, hidden from readers. */
function isLabelled(props: Record<string, unknown>, children: ReactNode): boolean {
  if (children) return true;
  return Object.keys(props).some(
    (name) => (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null,
  );
}

/**
 * Draws lucide's icons (the build routes their `createLucideIcon` here, vite.config.ts) with the same markup as
 * lucide's own: an outline SVG of the icon's shapes with lucide's classes, hidden from screen readers unless
 * labelled. Only what the screens use is supported (size, colour, stroke width, class, any SVG attribute);
 * lucide's version adds a context provider and stroke scaling, which cost every page's first load about 1 KiB.
 */
export default function createLucideIcon(icon: IconData) {
  const grid = icon.size ?? 24;
  const iconClasses = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)];
  return forwardRef<SVGSVGElement, IconProps>(
    ({ className, size, width, height, color, strokeWidth, children, ...rest }, ref) => {
      const classes = new Set([...iconClasses, ...(className?.split(/\s+/) ?? [])].filter(Boolean));
      return createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          width: width ?? size ?? 24,
          height: height ?? size ?? 24,
          viewBox: `0 0 ${grid} ${grid}`,
          fill: 'none',
          stroke: color || 'currentColor',
          strokeWidth: strokeWidth ?? 2,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          className: [...classes].join(' '),
          ...(isLabelled(rest, children) ? {} : { 'aria-hidden': 'true' }),
          ...rest,
        },
        [
          ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
          ...(Array.isArray(children) ? children : [children]),
        ],
      );
    },
  );
}
