import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolledAdmin } from '#tests/component/admins.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { AdminLoginForm } from './admin-login-form.tsx';

const t = setUpTestApp();

beforeAll(loadAdminTexts);

describe('AdminLoginForm', () => {
  it('shows a wrong password under the fields, not only in a toast', async () => {
    const { user } = await renderAsAdmin(<AdminLoginForm />, t);
    await user.type(screen.getByLabelText('Username'), 'nobody.here');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByText('Invalid username or password.', { selector: 'form [role="alert"]' });
    expect(alert.id).toBe('admin-login-error');
  });

  it('asks for the code with the number pad, and says when a code was already used', async () => {
    const { enrolmentCode } = await enrolledAdmin(t, 'ines.code', 'ines password 12');
    const { user } = await renderAsAdmin(<AdminLoginForm />, t);
    await user.type(screen.getByLabelText('Username'), 'ines.code');
    await user.type(screen.getByLabelText('Password'), 'ines password 12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    // The code the enrolment just spent: right, but used.
    await user.type(code, enrolmentCode);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'That code has already been used. Wait for the next code in your app, or use a recovery code.',
    );

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not valid. Please try again.')).toBeTruthy();
  });
});
