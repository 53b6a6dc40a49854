import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/i18n.test-support';
import { AppProviders } from './providers';
import { routes } from './router';

beforeAll(async () => {
  await initTestI18n();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('routes of SPEC §2', () => {
  it.each([
    ['/', 'DO YOU WANT TODAY SOCCER TIPS?'],
    ['/home', 'DO YOU WANT TODAY SOCCER TIPS?'],
    ['/today-tips', 'TODAY TIPS'],
    ['/today-tips/premium', 'TODAY PREMIUM TIPS'],
    ['/today-tips/senior', 'TODAY SENIOR TIPS'],
    ['/today-ai-tips', 'TODAY AI TIPS'],
    ['/tipsters', 'TOP TIPSTERS'],
    ['/tipsters/premium', 'TOP PREMIUM TIPSTERS'],
    ['/tipster-profile/12', 'Tipster profile'],
    ['/tipster/12', 'Tipster profile'],
    ['/tipster-profile/12/verify', 'Verify this record'],
    ['/tipster-statistics', 'TIPSTER STATISTICS'],
    ['/livescores', 'LIVESCORES'],
    ['/cart/checkout', 'PAYMENTS'],
    ['/terms', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/tipster-charter', 'Tipster charter'],
    ['/tipster-tiers', 'Tipster tiers'],
    ['/contact', 'Contact us'],
    ['/about', 'About us'],
    ['/login', 'Member Login'],
    ['/register', 'Member sign up'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password/abc', 'Reset password'],
    ['/reset-password', 'Reset password'],
    ['/verify-email/abc', 'Email verification'],
    ['/no/such/page', 'Are you looking for /no/such/page'],
  ])('%s shows “%s”', async (path, title) => {
    renderAt(path);
    expect(await heading(title)).toBeDefined();
  });

  it('the home hero links TIPSTERS to /tipsters and TODAY TIPS to /today-tips', async () => {
    renderAt('/');
    const hero = (await heading('DO YOU WANT TODAY SOCCER TIPS?')).closest('section');
    expect(hero).not.toBeNull();
    const links = within(hero as HTMLElement);
    expect(links.getByRole('link', { name: /TIPSTERS/ }).getAttribute('href')).toBe('/tipsters');
    expect(links.getByRole('link', { name: /TODAY TIPS/ }).getAttribute('href')).toBe('/today-tips');
  });

  it.each(['/dashboard', '/buy-credits'])(
    '%s sends visitors to /login, replacing the history entry',
    async (path) => {
      const router = renderAt(path);
      expect(await heading('Member Login')).toBeDefined();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('/dashboard opens with an access token and shows the signed-in header', async () => {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem(
      'userProfile',
      JSON.stringify({ state: { username: 'ada', balance: 12.5 }, version: 0 }),
    );
    const router = renderAt('/dashboard');
    expect(await heading('Dashboard')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeDefined();
  });
});
