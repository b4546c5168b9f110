import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillDomGaps } from '#tests/component/dom.ts';
import { Combobox, type ComboboxOption } from './combobox.tsx';

fillDomGaps();
afterEach(cleanup);

/** Countries as the Spanish stage-2 page offers them: the name in Spanish, the stored English name beside it. */
const COUNTRIES: ComboboxOption[] = [
  { value: 'Germany', label: 'Alemania', keywords: ['Germany'] },
  { value: 'Brazil', label: 'Brasil', keywords: ['Brazil'] },
  { value: 'Colombia', label: 'Colombia', keywords: [] },
  { value: 'Spain', label: 'España', keywords: ['Spain'] },
  { value: 'United States', label: 'Estados Unidos', keywords: ['United States'] },
  { value: 'Mexico', label: 'México', keywords: ['Mexico'] },
  { value: 'Peru', label: 'Perú', keywords: ['Peru'] },
];

function CountryField({ initial = '', onPicked }: { initial?: string; onPicked?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <label id="country-label" htmlFor="country">
        País
      </label>
      <Combobox
        id="country"
        labelId="country-label"
        value={value}
        onChange={(next) => {
          setValue(next);
          onPicked?.(next);
        }}
        options={COUNTRIES}
        placeholder="Selecciona tu país"
        emptyText="Ningún país coincide"
        locale="es"
        aria-required
      />
      <output data-testid="stored">{value}</output>
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'País' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const activeName = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Combobox (WAI-ARIA combobox with a listbox)', () => {
  it('is a labelled combobox that controls its listbox, closed until asked', async () => {
    const user = userEvent.setup();
    render(<CountryField />);
    const field = input();
    expect(field.tagName).toBe('INPUT');
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-required')).toBe('true');
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
    const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(listbox?.getAttribute('aria-labelledby')).toBe('country-label');

    // A tap or click opens the whole list.
    await user.click(field);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toHaveLength(COUNTRIES.length);
  });

  it('filters as she types, accents and case aside, by the name in her language or in English', async () => {
    const user = userEvent.setup();
    render(<CountryField />);
    await user.type(input(), 'esp');
    expect(optionNames()).toEqual(['España']);
    await user.clear(input());
    await user.type(input(), 'MEXICO');
    expect(optionNames()).toEqual(['México']);
    await user.clear(input());
    await user.type(input(), 'germ');
    expect(optionNames()).toEqual(['Alemania']);
    await user.clear(input());
    // A name that starts with it comes before one that only has it inside (España, Spain).
    await user.type(input(), 'p');
    expect(optionNames()).toEqual(['Perú', 'España']);
  });

  it('says so when nothing matches, and offers no option', async () => {
    const user = userEvent.setup();
    render(<CountryField />);
    await user.type(input(), 'xyz');
    expect(optionNames()).toEqual([]);
    const status = screen.getByText('Ningún país coincide');
    expect(status.getAttribute('role')).toBe('status');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('stored').textContent).toBe('');
  });

  it('moves with the arrows, Home and End, and Enter picks the active option', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<CountryField onPicked={(value) => picked.push(value)} />);
    input().focus();
    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(activeName()).toBe('Alemania');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeName()).toBe('Colombia');
    await user.keyboard('{End}');
    expect(activeName()).toBe('Perú');
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toBe('Perú');
    await user.keyboard('{Home}');
    expect(activeName()).toBe('Alemania');
    await user.keyboard('{ArrowUp}');
    expect(activeName()).toBe('Alemania');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toEqual(['Brazil']);
    expect(screen.getByTestId('stored').textContent).toBe('Brazil');
    expect((input() as HTMLInputElement).value).toBe('Brasil');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    // Opened again, the list starts at her answer, marked as chosen.
    await user.keyboard('{ArrowDown}');
    expect(activeName()).toBe('Brasil');
    expect(screen.getByRole('option', { name: 'Brasil' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Alemania' }).getAttribute('aria-selected')).toBe('false');
  });

  it('Escape closes the list and puts the chosen name back; leaving keeps only a name typed in full', async () => {
    const user = userEvent.setup();
    render(<CountryField initial="Peru" />);
    expect((input() as HTMLInputElement).value).toBe('Perú');
    await user.clear(input());
    await user.type(input(), 'bra');
    await user.keyboard('{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect((input() as HTMLInputElement).value).toBe('Perú');
    expect(screen.getByTestId('stored').textContent).toBe('Peru');

    // Half a name and a tap elsewhere: nothing changes.
    await user.clear(input());
    await user.type(input(), 'colo');
    act(() => input().blur());
    expect(screen.getByTestId('stored').textContent).toBe('Peru');
    expect((input() as HTMLInputElement).value).toBe('Perú');

    // The whole name, without its accent, and away: that is her answer.
    await user.clear(input());
    await user.type(input(), 'mexico');
    act(() => input().blur());
    expect(screen.getByTestId('stored').textContent).toBe('Mexico');
    expect((input() as HTMLInputElement).value).toBe('México');

    // Tab takes the highlighted match along.
    await user.clear(input());
    await user.type(input(), 'colo');
    await user.tab();
    expect(screen.getByTestId('stored').textContent).toBe('Colombia');
  });

  it('a tap on an option picks it and keeps the focus in the input', async () => {
    const user = userEvent.setup();
    render(<CountryField />);
    await user.click(input());
    await user.click(screen.getByRole('option', { name: 'España' }));
    expect(screen.getByTestId('stored').textContent).toBe('Spain');
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('with the list closed, Enter is left to the form', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(
      <div
        onSubmitCapture={(event) => {
          event.preventDefault();
          submitted += 1;
        }}
      >
        <CountryField initial="Brazil" />
      </div>,
    );
    input().focus();
    await user.keyboard('{Enter}');
    expect(submitted).toBe(1);
  });
});
