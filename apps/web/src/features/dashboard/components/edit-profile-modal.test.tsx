import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../../lib/user-profile';
import { useToastStore } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { apiError, type FakeReply, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { canChangePassword, EditProfileModal } from './edit-profile-modal';

beforeAll(async () => {
  await initTestI18n();
});

const PROFILE: UserProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '+44 1234 5678',
  country: 'United Kingdom',
  memberSince: '2025-01-05T10:00:00.000Z',
  creditBalance: 120.5,
  profileImage: null,
  emailVerified: true,
  roles: ['user'],
  oddsFormat: 'DECIMAL',
};

let api: ReturnType<typeof installFakeApi>;
afterEach(() => {
  api.restore();
  for (const item of useToastStore.getState().toasts) useToastStore.getState().dismiss(item.id);
});

function renderModal(routes: Record<string, FakeReply> = {}) {
  api = installFakeApi({ 'GET /users/profile': [200, { data: PROFILE }], ...routes });
  const onClose = vi.fn();
  renderPage(<EditProfileModal profile={PROFILE} onClose={onClose} />, { path: '/dashboard' });
  return onClose;
}

const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const toasts = () => useToastStore.getState().toasts.map((item) => item.message);

describe('EditProfileModal', () => {
  it('shows the verified status, the six fields, the change-password link, Save Changes and Cancel', () => {
    const onClose = renderModal();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeDefined();
    expect(within(dialog()).getByText('Verified')).toBeDefined();
    expect((within(dialog()).getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    for (const label of ['Last name', 'Username', 'Email address', 'Phone number', 'Country']) {
      expect(within(dialog()).getByLabelText(label)).toBeDefined();
    }
    expect(within(dialog()).getByRole('button', { name: 'Change password' })).toBeDefined();
    expect(within(dialog()).getByRole('button', { name: 'Save Changes' })).toBeDefined();
    click('Cancel');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks for the current password before saving, then says 'Profile successfully updated.' and closes", async () => {
    const onClose = renderModal({
      'PUT /users/profile': [200, { data: { username: 'ada_l', profileImage: null, creditBalance: 120.5 } }],
    });
    fill('Username', 'ada_l');
    click('Save Changes');
    expect(await screen.findByRole('dialog', { name: 'Confirm your password' })).toBeDefined();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fill('Current password', 'Secret#123');
    click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toasts()).toContain('Profile successfully updated.');
    expect(api.callsTo('PUT /users/profile')[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      email: 'ada@example.com',
      phone: '+44 1234 5678',
      country: 'United Kingdom',
      currentPassword: 'Secret#123',
    });
    expect(useUserProfileStore.getState().username).toBe('ada_l');
  });

  it('says "Couldn\'t update your profile." and points at a taken username', async () => {
    const onClose = renderModal({ 'PUT /users/profile': apiError(409, 'This username is already taken.') });
    fill('Username', 'bob');
    click('Save Changes');
    await screen.findByRole('dialog', { name: 'Confirm your password' });
    fill('Current password', 'Secret#123');
    click('Save');
    await waitFor(() => expect(toasts()).toContain("Couldn't update your profile."));
    expect(await screen.findByText('This username is already taken.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('validates the form before asking for the password', async () => {
    renderModal();
    fill('First name', ' ');
    click('Save Changes');
    expect(await screen.findByText('First name is required.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeDefined();
  });

  it('changes the password, keeps this tab signed in with the new tokens and closes', async () => {
    const onClose = renderModal({
      'PUT /users/profile/password': [
        200,
        {
          ok: true,
          message: 'Password changed.',
          Tokens: { access_token: 'access-2', refresh_token: 'refresh-2' },
        },
      ],
    });
    click('Change password');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeDefined();
    fill('Current password', 'Secret#123');
    fill('New password', 'Better#456');
    fill('Confirm new password', 'Better#456');
    click('Change password');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT /users/profile/password')[0].body).toEqual({
      currentPassword: 'Secret#123',
      newPassword: 'Better#456',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('does nothing, with no message, when the new password and its confirmation differ', async () => {
    const onClose = renderModal();
    click('Change password');
    fill('Current password', 'Secret#123');
    fill('New password', 'Better#456');
    fill('Confirm new password', 'Better#457');
    click('Change password');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(canChangePassword('a', 'b', 'b')).toBe(true);
    expect(canChangePassword('a', 'b', 'c')).toBe(false);
  });
});
