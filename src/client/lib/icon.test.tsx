import type { LucideIcon } from 'lucide-react';
import * as check from 'lucide-react/icons/check';
import * as handshake from 'lucide-react/icons/handshake';
import * as shieldCheck from 'lucide-react/icons/shield-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './icon.ts';

/** An icon module of lucide's: its own component, and the data it draws, which the build hands to ours. */
type IconModule = { default: LucideIcon };

const ICONS = [check, handshake, shieldCheck] as unknown as IconModule[];

describe('createLucideIcon', () => {
  it("draws every icon with the markup of lucide's own, for the props the screens pass", () => {
    const cases = [
      {},
      { 'aria-hidden': true, className: 'size-4 shrink-0' },
      { className: 'size-5  text-primary lucide' },
      { role: 'img', 'aria-label': 'Verified' },
      { strokeWidth: 2.5, size: 16, color: 'red' },
    ];
    for (const module of ICONS) {
      const Lucide = module.default;
      const Ours = createLucideIcon(
        (module as unknown as { __iconData: Parameters<typeof createLucideIcon>[0] }).__iconData,
      );
      for (const props of cases) {
        expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
      }
      expect(renderToStaticMarkup(<Ours className="x">{<title>Done</title>}</Ours>)).toBe(
        renderToStaticMarkup(<Lucide className="x">{<title>Done</title>}</Lucide>),
      );
    }
  });
});
