import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { LoginPage } from './login-page';

beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => {
  api?.restore();
  useUserProfileStore.getState().clear();
});

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '+44 1234 5678',
  country: 'United Kingdom',
  memberSince: '2025-01-05T10:00:00.000Z',
  creditBalance: 120.5,
  profileImage: '/api/users/profile-images/u1.webp',
  emailVerified: true,
  roles: ['user'],
};

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('LoginPage', () => {
  it("is 'Member Login' with links to sign up and to password recovery", () => {
    api = installFakeApi({});
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Member Login' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('shows both required messages and sends nothing when the fields are empty', async () => {
    api = installFakeApi({});
    renderPage(<LoginPage />, { path: '/login' });
    submit();
    expect(await screen.findByText('Username / Email field is required')).toBeDefined();
    expect(screen.getByText('Password is required')).toBeDefined();
    expect(api.calls).toEqual([]);
  });

  it("says 'Invalid username or password' on any failed login", async () => {
    api = installFakeApi({ 'POST /users/login': apiError(401, 'Invalid username or password') });
    renderPage(<LoginPage />, { path: '/login' });
    fill('Username or email', 'ada');
    fill('Password', 'wrong-password');
    submit();
    expect(await screen.findByText('Invalid username or password')).toBeDefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says the same when the server fails for another reason', async () => {
    api = installFakeApi({
      'POST /users/login': apiError(400, 'Password must be at most 128 characters long.'),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('Username or email', 'ada');
    fill('Password', 'x');
    submit();
    expect(await screen.findByText('Invalid username or password')).toBeDefined();
  });

  it('stores the tokens and the profile, then goes to the dashboard', async () => {
    api = installFakeApi({
      'POST /users/login': [200, { Tokens: { access_token: 'access-1', refresh_token: 'refresh-1' } }],
      'GET /users/profile': [200, { data: PROFILE }],
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('Username or email', '  ada@example.com ');
    fill('Password', 'Secret#123');
    submit();

    expect((await screen.findByTestId('other-page')).textContent).toBe('/dashboard');
    expect(api.callsTo('POST /users/login')[0].body).toEqual({
      Username: 'ada@example.com',
      Password: 'Secret#123',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(api.callsTo('GET /users/profile')[0].auth).toBe('Bearer access-1');
    await waitFor(() =>
      expect(useUserProfileStore.getState()).toMatchObject({
        username: 'ada',
        balance: 120.5,
        profileImage: '/api/users/profile-images/u1.webp',
      }),
    );
  });
});
