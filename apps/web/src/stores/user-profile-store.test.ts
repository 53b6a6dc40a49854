import { describe, expect, it } from 'vitest';
import { useUserProfileStore } from './user-profile-store';

describe('user profile store', () => {
  it('defaults the balance to 0 and persists under `userProfile`', () => {
    useUserProfileStore.getState().clear();
    expect(useUserProfileStore.getState()).toMatchObject({ balance: 0, profileImage: null, username: null });
    useUserProfileStore
      .getState()
      .setProfile({ username: 'ada', profileImage: '/img/ada.webp', balance: 42.5 });
    expect(JSON.parse(localStorage.getItem('userProfile') ?? '{}')).toEqual({
      state: { balance: 42.5, profileImage: '/img/ada.webp', username: 'ada' },
      version: 0,
    });
    useUserProfileStore.getState().setBalance(10);
    expect(useUserProfileStore.getState().balance).toBe(10);
  });
});
