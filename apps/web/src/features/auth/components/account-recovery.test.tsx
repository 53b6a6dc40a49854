import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { ForgotPasswordPage } from './forgot-password-page';
import { canSubmitReset, ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.useRealTimers();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ForgotPasswordPage', () => {
  it('asks for the email and then says the link was sent, to check spam, where to get help and for how long it works', async () => {
    api = installFakeApi({ 'POST /users/forgot-password': [200, { ok: true }] });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    fill('Email address', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Check your inbox')).toBeDefined();
    expect(api.callsTo('POST /users/forgot-password')[0].body).toEqual({ Email: 'ada@example.com' });
    expect(screen.getByText(/check your SPAM folder/)).toBeDefined();
    expect(screen.getByText('The link is valid for 10 minutes.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('checks the address before sending', async () => {
    api = installFakeApi({});
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Email address is required.')).toBeDefined();
    expect(api.calls).toEqual([]);
  });
});

describe('ResetPasswordPage', () => {
  it('keeps the button disabled until both fields match', () => {
    api = installFakeApi({});
    renderPage(<ResetPasswordPage code="abc" />, { path: '/reset-password/abc' });
    const button = screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fill('New password', 'Secret#123');
    expect(button.disabled).toBe(true);
    fill('Confirm new password', 'Secret#12');
    expect(button.disabled).toBe(true);
    fill('Confirm new password', 'Secret#123');
    expect(button.disabled).toBe(false);
  });

  it('needs a code', () => {
    expect(canSubmitReset(null, 'a', 'a')).toBe(false);
    expect(canSubmitReset('c', '', '')).toBe(false);
    expect(canSubmitReset('c', 'a', 'b')).toBe(false);
    expect(canSubmitReset('c', 'a', 'a')).toBe(true);
  });

  it('confirms, counts down 5 seconds and goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api = installFakeApi({ 'POST /users/reset-password': [200, { ok: true }] });
    renderPage(<ResetPasswordPage code="code-1" />, {
      path: '/reset-password/code-1',
      route: '/reset-password/:code',
    });
    fill('New password', 'Secret#123');
    fill('Confirm new password', 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been reset. You will be redirected to the login page.'),
    ).toBeDefined();
    expect(api.callsTo('POST /users/reset-password')[0].body).toEqual({
      NewPassword: 'Secret#123',
      Code: 'code-1',
    });
    expect(screen.getByText('Redirecting to the login page in 5 s…')).toBeDefined();
    await act(async () => {}); // let the countdown's effect start its timers
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByText('Redirecting to the login page in 2 s…')).toBeDefined();
    expect(screen.queryByTestId('other-page')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect((await screen.findByTestId('other-page')).textContent).toBe('/login');
  });

  it('shows no message when the reset fails', async () => {
    api = installFakeApi({
      'POST /users/reset-password': apiError(400, 'This reset link is invalid or has expired.'),
    });
    renderPage(<ResetPasswordPage code="old" />, {
      path: '/reset-password/old',
      route: '/reset-password/:code',
    });
    fill('New password', 'Secret#123');
    fill('Confirm new password', 'Secret#123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await vi.waitFor(() => expect(api?.calls).toHaveLength(1));
    expect(screen.queryByText(/invalid or has expired/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('VerifyEmailPage', () => {
  it('verifies the code once, says so and goes to /login after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api = installFakeApi({ 'POST /users/email': [200, { ok: true }] });
    renderPage(<VerifyEmailPage code="verify-1" />, {
      path: '/verify-email/verify-1',
      route: '/verify-email/:code',
    });
    expect(
      await screen.findByText('Email successfully verified, you will be redirected to login page soon.'),
    ).toBeDefined();
    expect(api.callsTo('POST /users/email').map((call) => call.body)).toEqual([{ code: 'verify-1' }]);
    await act(async () => {}); // let the redirect's effect start its timer
    await act(async () => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.queryByTestId('other-page')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect((await screen.findByTestId('other-page')).textContent).toBe('/login');
  });

  it('sends nothing without a code', () => {
    api = installFakeApi({});
    renderPage(<VerifyEmailPage code={null} />, { path: '/verify-email' });
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeDefined();
  });
});
