import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Label } from './label.tsx';

afterEach(cleanup);

describe('Label', () => {
  it('names its field and keeps a double click on its text from selecting it', () => {
    const onMouseDown = vi.fn();
    render(
      <>
        <Label htmlFor="username" onMouseDown={onMouseDown}>
          Username
        </Label>
        <input id="username" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeTruthy();
    const label = screen.getByText('Username');
    // fireEvent returns false when the default was prevented.
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });

  it('leaves a double click inside a control it holds to the control', () => {
    render(
      <Label>
        Recruiter code <input defaultValue="ANA-2026" />
      </Label>,
    );
    const input = screen.getByRole('textbox', { name: /Recruiter code/ });
    expect(fireEvent.mouseDown(input, { detail: 2 })).toBe(true);
  });
});
