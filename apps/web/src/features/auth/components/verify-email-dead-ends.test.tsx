import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@tips/contract/rules';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { VerifyEmailPage } from './verify-email-page';

// #21.7: /verify-email without a code, or with a used or expired one, says what happened and
// offers a new link, instead of "Confirming your email address." for ever.
beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => api?.restore());

describe('VerifyEmailPage dead ends', () => {
  it('a refused code: says the link is invalid or expired and sends a new one on request', async () => {
    api = installFakeApi({
      'POST /users/email': [400, apiError(400, MESSAGES.verifyCodeInvalid)[1]],
      'POST /users/resend-verification': [200, { ok: true, message: MESSAGES.verificationResent }],
    });
    renderPage(<VerifyEmailPage code="used-code" />, {
      path: '/verify-email/used-code',
      route: '/verify-email/:code',
    });
    expect(await screen.findByText(MESSAGES.verifyCodeInvalid)).toBeDefined();
    expect(screen.queryByText('Confirming your email address…')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(MESSAGES.verificationResent)).toBeDefined();
    expect(api.callsTo('POST /users/resend-verification').map((call) => call.body)).toEqual([
      { Email: 'ada@example.com' },
    ]);
  });

  it('a rate-limited attempt says to wait, not that the link is bad', async () => {
    api = installFakeApi({ 'POST /users/email': [429, apiError(429, MESSAGES.rateLimited)[1]] });
    renderPage(<VerifyEmailPage code="good-code" />, {
      path: '/verify-email/good-code',
      route: '/verify-email/:code',
    });
    expect(await screen.findByText(MESSAGES.rateLimited)).toBeDefined();
    expect(screen.queryByText(MESSAGES.verifyCodeInvalid)).toBeNull();
  });

  it('no code: says the page needs the link and offers a new one, without calling the API', () => {
    api = installFakeApi({});
    renderPage(<VerifyEmailPage code={null} />, { path: '/verify-email' });
    expect(screen.getByText('This page needs the link from your verification email.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeDefined();
    expect(api.calls).toEqual([]);
  });
});
