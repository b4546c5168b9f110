import { renderToStaticMarkup } from 'react-dom/server';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { Button, type ButtonSize, type ButtonVariant, buttonVariants } from './button.tsx';
import { dialogLayoutClasses } from './dialog.tsx';
import { Input } from './input.tsx';
import { Label } from './label.tsx';
import { RadioGroup, RadioGroupItem } from './radio-group.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table.tsx';
import { Textarea } from './textarea.tsx';

/**
 * Classes are joined, not merged (lib/cn.ts), so no element may carry two classes for one property: the
 * stylesheet's order, not the component, would decide between them. tailwind-merge (a dev dependency only)
 * says which classes it would drop.
 */
function conflictsIn(markup: string): string[] {
  const problems: string[] = [];
  for (const [, classes = ''] of markup.matchAll(/class="([^"]*)"/g)) {
    const kept = new Set(twMerge(classes).split(' '));
    const dropped = classes.split(' ').filter((name) => name && !kept.has(name));
    if (dropped.length > 0) problems.push(`${dropped.join(' ')}  in  ${classes}`);
  }
  return problems;
}

const VARIANTS: ButtonVariant[] = [
  'default',
  'secondary',
  'outline',
  'dashed',
  'ghost',
  'subtle',
  'danger',
  'destructive',
  'inverse',
  'link',
];
const SIZES: ButtonSize[] = ['default', 'xs', 'sm', 'lg', 'cta', 'pill', 'menu', 'icon', 'icon-sm', 'icon-xs'];

describe('UI primitives carry no conflicting classes', () => {
  it('in every button variant and size', () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        expect(conflictsIn(`class="${buttonVariants({ variant, size })}"`), `${variant} ${size}`).toEqual([]);
      }
    }
    expect(conflictsIn(renderToStaticMarkup(<Button className="mt-8 w-full">Go</Button>))).toEqual([]);
  });

  it('in labels, fields, radio groups and tables', () => {
    const markup = renderToStaticMarkup(
      <>
        <Label>Name</Label>
        <Label className="gap-1 text-sm font-medium leading-snug">Name</Label>
        <Input />
        <Input isCode readOnly value="https://example.com" />
        <Textarea />
        <RadioGroup>
          <RadioGroupItem value="yes" />
        </RadioGroup>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead align="end">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell>Ana</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </>,
    );
    expect(conflictsIn(markup)).toEqual([]);
  });
});

describe('dialog layout', () => {
  it('keeps the default padding and spacing when the caller only sets a width', () => {
    expect(dialogLayoutClasses('max-w-xl').split(' ').sort()).toEqual(['gap-4', 'max-w-xl', 'p-6']);
  });

  it('uses the caller’s own width, spacing and padding instead of the defaults', () => {
    expect(dialogLayoutClasses('max-w-4xl gap-3 p-4 sm:p-6').split(' ').sort()).toEqual(
      ['gap-3', 'max-w-4xl', 'p-4', 'sm:p-6'].sort(),
    );
    expect(dialogLayoutClasses(undefined).split(' ').sort()).toEqual(['gap-4', 'max-w-lg', 'p-6']);
  });
});
