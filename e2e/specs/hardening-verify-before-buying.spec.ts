import { expect, test } from '@playwright/test';
import { linkTo, loginViaApi, screenshot, waitForEmail } from '../fixtures';
import { newUser, registerViaApi } from '../fixtures/new-user';

// Issue #19.9: a member whose email is not verified yet may sign in, but a purchase or payment
// request is refused with a clear message and a way to get a new link; after verifying, it works.

for (const width of [375, 1280]) {
  test(`an unverified member is asked to verify before buying, and can get a new link (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = newUser('unverified');
    await registerViaApi(request, user);
    await loginViaApi(page, { email: user.email, password: user.password }, { fresh: true });

    await page.goto('/buy-credits');
    await page.getByLabel('Payment method').selectOption({ label: 'Skrill' });
    await page.getByLabel('Credits', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Request Purchase' }).click();

    const refused = page.getByRole('dialog', { name: 'Payment failed' });
    await expect(refused).toContainText('Please verify your email address before buying');
    // The sign-up's link reaches the inbox first (the outbox mails it a moment after the sign-up, later
    // on a busy machine); the new link replaces it, so the email to follow must be the one mailed after
    // this, not a late sign-up email.
    const signUpEmail = await waitForEmail({ to: user.email, subject: 'Verify your email address' });
    const since = Date.now();
    await refused.getByRole('button', { name: 'Send a new verification link' }).click();
    await expect(refused.getByRole('status')).toHaveText(
      'We sent you a new verification link. Check your inbox.',
    );
    await screenshot(page, `hardening-verify-before-buying-${width}`, { fullPage: false });
    await refused.getByRole('button', { name: 'OK' }).click();

    // The new link verifies the address; the same request then goes through.
    const verification = await waitForEmail({ to: user.email, subject: 'Verify your email address', since });
    const newLink = linkTo(verification, '/verify-email/').pathname;
    expect(newLink).not.toBe(linkTo(signUpEmail, '/verify-email/').pathname);
    await page.goto(newLink);
    await expect(
      page.getByText('Email successfully verified, you will be redirected to login page soon.'),
    ).toBeVisible();
    await page.goto('/buy-credits');
    await page.getByLabel('Payment method').selectOption({ label: 'Skrill' });
    await page.getByLabel('Credits', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Request Purchase' }).click();
    await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  });
}
